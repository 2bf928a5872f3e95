// plankit web UI: plain JavaScript, no build step. Every piece of plan or user text goes into the page
// through textContent (never innerHTML), so a label like <script>alert(1)</script> shows as text.
"use strict";

const TOKEN_KEY = "plankit.token";
const main = document.getElementById("main");
let leaving = [];  // callbacks that stop a page's live updates when the page changes

// ------------------------------------------------------------------------------------------- helpers
function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

function svg(tag, attrs, ...children) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attrs || {})) el.setAttribute(key, String(value));
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

function badge(status) {
  return h("span", { class: `badge s-${status}`, "data-testid": "status" }, status);
}

function json(value) {
  return h("pre", {}, value === null || value === undefined ? "" : JSON.stringify(value, null, 2));
}

function fill(el, ...nodes) {  // replaceChildren would print a null as the text "null"
  el.replaceChildren(...nodes.flat().filter((node) => node !== null && node !== undefined && node !== false));
}

function show(...nodes) {
  fill(main, ...nodes);
}

function flash(message) {
  const box = document.getElementById("flash");
  box.textContent = message || "";
  box.hidden = !message;
}

function when(text) {
  return text ? new Date(text).toLocaleString() : "";
}

class ApiError extends Error {
  constructor(status, error) {
    super(error.message);
    this.status = status;
    this.code = error.code;
    this.details = error.details;
  }
}

function token() {
  return sessionStorage.getItem(TOKEN_KEY);
}

async function api(method, path, body) {
  const headers = { Authorization: `Bearer ${token()}` };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`/api/v1${path}`, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 204) return null;
  const data = await response.json().catch(() => ({ error: { code: "bad_answer", message: response.statusText } }));
  if (!response.ok) {
    if (response.status === 401 && location.hash !== "#/signin" && token()) {
      sessionStorage.removeItem(TOKEN_KEY);
      location.hash = "#/signin";
    }
    throw new ApiError(response.status, data.error || { code: "error", message: response.statusText });
  }
  return data;
}

// Server-Sent Events over fetch (EventSource can't send the Authorization header). Reconnects with
// Last-Event-ID after a network error; returns when the server ends the stream (the execution ended).
async function follow(path, onEvent, signal) {
  let last = null;
  for (;;) {
    try {
      const headers = { Authorization: `Bearer ${token()}` };
      if (last !== null) headers["Last-Event-ID"] = last;
      const response = await fetch(`/api/v1${path}`, { headers, signal });
      if (!response.ok) return;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = {};
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) continue;
            const at = line.indexOf(": ");
            if (at > 0) fields[line.slice(0, at)] = line.slice(at + 2);
          }
          if (fields.id) last = fields.id;
          if (fields.data) onEvent(fields.event, JSON.parse(fields.data));
        }
      }
    } catch (error) {
      if (signal.aborted) return;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

// --------------------------------------------------------------------------------------------- pages
async function signIn() {
  document.getElementById("nav").hidden = true;
  document.getElementById("sign-out").hidden = true;
  document.getElementById("who").textContent = "";
  const input = h("input", { type: "password", id: "token", placeholder: "pk_…", autocomplete: "off" });
  const form = h("form", {
    class: "card signin",
    onsubmit: async (event) => {
      event.preventDefault();
      const presented = input.value.trim();
      const response = await fetch("/api/v1/me", { headers: { Authorization: `Bearer ${presented}` } });
      if (response.ok) {
        sessionStorage.setItem(TOKEN_KEY, presented);
        if (location.hash === "#/plans") route();  // no hashchange event when the hash stays
        else location.hash = "#/plans";
      } else {
        const data = await response.json().catch(() => ({ error: { message: response.statusText } }));
        flash(data.error.message);
      }
    },
  },
  h("h1", {}, "Sign in"),
  h("p", { class: "muted" }, "Paste an API token (make one with: plankit token create --user NAME)."),
  input,
  h("div", { class: "actions" }, h("button", { type: "submit", id: "sign-in" }, "Sign in")));
  show(form);
  input.focus();
}

async function plansPage() {
  const plans = await api("GET", "/plans");
  const rows = plans.slice().reverse().map((plan) => h("tr", {},
    h("td", {}, h("a", { href: `#/plans/${encodeURIComponent(plan.id)}` }, plan.name || plan.goal || plan.id)),
    h("td", {}, badge(plan.status)),
    h("td", {}, badge(plan.lint.status), " ", h("span", { class: "muted" },
      `${plan.lint.errors} errors, ${plan.lint.warnings} warnings, risk ${plan.lint.risk_score.toFixed(2)}`)),
    h("td", {}, String(plan.steps)),
    h("td", { class: "muted" }, plan.owner || "")));
  show(
    h("h1", {}, "Plans"),
    h("div", { class: "actions" }, h("a", { href: "#/new" }, h("button", {}, "Lint or save a plan"))),
    plans.length ? h("table", { "data-testid": "plans" },
      h("thead", {}, h("tr", {}, h("th", {}, "plan"), h("th", {}, "status"), h("th", {}, "lint"),
        h("th", {}, "steps"), h("th", {}, "owner"))),
      h("tbody", {}, rows))
      : h("p", { class: "muted" }, "No plans yet."));
}

function findingList(report) {
  const items = [...report.errors.map((f) => ["error", f]), ...report.warnings.map((f) => ["warning", f])];
  if (!items.length) return h("p", { class: "muted", "data-testid": "findings" }, "No findings.");
  return h("ul", { class: "findings", "data-testid": "findings" }, items.map(([severity, f]) => h("li", {},
    badge(severity), " ", h("span", { class: "code" }, f.code), " ",
    f.node_id ? h("span", { class: "muted" }, `${f.node_id} · `) : null, f.msg,
    f.path ? h("div", { class: "muted" }, f.path) : null,
    f.hint ? h("div", { class: "muted" }, `hint: ${f.hint}`) : null)));
}

async function newPlanPage() {
  const text = h("textarea", { id: "plan-text", spellcheck: "false", placeholder: "Paste a plan (JSON or YAML)…" });
  const file = h("input", { type: "file", id: "plan-file", accept: ".json,.yaml,.yml,application/json" });
  const result = h("div", { id: "lint-result", class: "card" }, h("p", { class: "muted" }, "Findings show here."));
  const save = h("button", { id: "save-plan", disabled: true }, "Save plan");
  let timer = null;
  let plan = null;
  const lint = async () => {
    plan = null;
    save.disabled = true;
    if (!text.value.trim()) return;
    plan = text.value;  // JSON or YAML text: the server's loader reads both
    try {
      const report = await api("POST", "/lint", { plan });
      fill(result, h("p", {}, badge(report.status), " ", `risk ${report.risk_score.toFixed(2)}`),
        findingList(report));
      save.disabled = false;
    } catch (error) {
      const problems = (error.details && error.details.problems) || [];
      fill(result, h("p", {}, error.message),
        h("ul", { class: "findings" }, problems.map((p) => h("li", {}, h("span", { class: "code" }, p.path), " ",
          p.message, p.hint ? h("div", { class: "muted" }, `hint: ${p.hint}`) : null))));
    }
  };
  text.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(lint, 300); });
  file.addEventListener("change", async () => {
    if (!file.files.length) return;
    text.value = await file.files[0].text();
    lint();
  });
  save.addEventListener("click", async () => {
    try {
      const saved = await api("POST", "/plans", { plan });
      location.hash = `#/plans/${encodeURIComponent(saved.id)}`;
    } catch (error) {
      flash(error.message);
    }
  });
  show(h("h1", {}, "Lint a plan"),
    h("div", { class: "row" },
      h("div", {}, text, h("div", { class: "actions" }, file, save)),
      result));
}

function drawGraph(graph) {
  const width = 190, height = 54, gapX = 70, gapY = 26, pad = 20;
  const columns = Math.max(1, ...graph.nodes.map((n) => n.column + 1));
  const rows = Math.max(1, ...graph.nodes.map((n) => n.row + 1));
  const place = {};
  for (const node of graph.nodes) {
    place[node.id] = { x: pad + node.column * (width + gapX), y: pad + node.row * (height + gapY) };
  }
  const edges = graph.edges.filter((e) => place[e.source] && place[e.target]).map((edge) => {
    const a = place[edge.source], b = place[edge.target];
    const x1 = a.x + width, y1 = a.y + height / 2, x2 = b.x - 4, y2 = b.y + height / 2;
    const mid = (x1 + x2) / 2;
    return svg("path", { class: `edge ${edge.kind}`, d: `M${x1},${y1} C${mid},${y1} ${mid},${y2} ${x2},${y2}` });
  });
  const nodes = graph.nodes.map((node) => {
    const { x, y } = place[node.id];
    const worst = node.findings.some((f) => f.severity === "error") ? "error"
      : node.findings.length ? "warning" : null;
    const title = node.label || node.id;
    const sub = node.tool ? `${node.type} · ${node.tool}` : node.type;
    const codes = node.findings.map((f) => f.code).join(", ");
    return svg("g", { class: `node${worst ? ` has-${worst}` : ""}`, "data-node": node.id,
      transform: `translate(${x},${y})` },
    svg("title", {}, [node.id, ...node.findings.map((f) => `${f.code}: ${f.message}`)].join("\n")),
    svg("rect", { width, height, rx: 6 }),
    svg("text", { x: 10, y: 19 }, title.length > 26 ? `${title.slice(0, 25)}…` : title),
    svg("text", { x: 10, y: 35, class: "sub" }, `${node.id} · ${sub}${node.confirm ? " · approval" : ""}`),
    codes ? svg("text", { x: 10, y: 49, class: "flag", "data-testid": "node-finding" },
      codes.length > 30 ? `${codes.slice(0, 29)}…` : codes) : null);
  });
  const w = pad * 2 + columns * width + (columns - 1) * gapX, hgt = pad * 2 + rows * height + (rows - 1) * gapY;
  return h("div", { class: "graph", "data-testid": "graph" }, svg("svg", { width: w, height: hgt, viewBox: `0 0 ${w} ${hgt}` },
    svg("defs", {}, svg("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7,
      markerHeight: 7, orient: "auto-start-reverse" }, svg("path", { d: "M0,0 L10,5 L0,10 z", fill: "#9aa3b5" }))),
    edges, nodes));
}

async function planPage(planId) {
  const plan = await api("GET", `/plans/${encodeURIComponent(planId)}`);
  const run = h("button", { id: "run-plan" }, "Run");
  run.addEventListener("click", async () => {
    run.disabled = true;
    try {
      const started = await api("POST", "/executions", { plan_id: plan.id });
      location.hash = `#/executions/${encodeURIComponent(started.execution_id)}`;
    } catch (error) {
      run.disabled = false;
      flash(error.message);
    }
  });
  const schedule = plan.trigger ? h("button", { class: "secondary", id: "schedule-plan", onclick: async () => {
    try {
      await api("POST", "/schedules", { plan_id: plan.id });
      location.hash = "#/schedules";
    } catch (error) { flash(error.message); }
  } }, "Schedule") : null;
  const remove = h("button", { class: "secondary", onclick: async () => {
    try {
      await api("DELETE", `/plans/${encodeURIComponent(plan.id)}`);
      location.hash = "#/plans";
    } catch (error) { flash(error.message); }
  } }, "Delete");
  show(
    h("h1", {}, plan.name || plan.goal || plan.id, " ", badge(plan.status)),
    h("p", { class: "muted" }, `${plan.id} · owner ${plan.owner || "—"} · ${plan.steps} steps`,
      plan.trigger ? ` · trigger ${plan.trigger}` : ""),
    plan.goal ? h("p", {}, plan.goal) : null,
    h("div", { class: "actions" }, run, schedule, remove),
    h("h2", {}, "Graph"), drawGraph(plan.graph),
    h("h2", {}, "Findings ", badge(plan.report.status)), h("div", { class: "card" }, findingList(plan.report)),
    h("h2", {}, "Document"), h("div", { class: "card" }, json(plan.plan)));
}

async function executionsPage() {
  const executions = await api("GET", "/executions");
  show(h("h1", {}, "Executions"), executions.length ? h("table", {},
    h("thead", {}, h("tr", {}, h("th", {}, "execution"), h("th", {}, "status"), h("th", {}, "plan"),
      h("th", {}, "started"), h("th", {}, "owner"))),
    h("tbody", {}, executions.map((e) => h("tr", {},
      h("td", {}, h("a", { href: `#/executions/${encodeURIComponent(e.execution_id)}` }, e.execution_id)),
      h("td", {}, badge(e.status)),
      h("td", {}, h("a", { href: `#/plans/${encodeURIComponent(e.plan_id)}` }, e.plan_id)),
      h("td", {}, when(e.started_at)), h("td", { class: "muted" }, e.owner || "")))))
    : h("p", { class: "muted" }, "No executions yet."));
}

async function executionPage(executionId) {
  const path = `/executions/${encodeURIComponent(executionId)}`;
  const head = h("div", {});
  const table = h("div", {});
  const log = h("ul", { class: "findings", "data-testid": "events" });
  const decide = (stepId, verb) => async () => {
    try {
      await api("POST", `${path}/steps/${encodeURIComponent(stepId)}/${verb}`, {});
      await render();
    } catch (error) { flash(error.message); }
  };
  const render = async () => {
    const execution = await api("GET", path);
    const waiting = new Set(execution.awaiting.map((a) => a.step_id));
    const decided = {};
    for (const d of execution.decisions) decided[d.step_id] = `${d.approved ? "approved" : "denied"} by ${d.by || "?"}`;
    const final = ["completed", "failed", "cancelled"].includes(execution.status);
    fill(head, 
      h("h1", {}, "Execution ", h("span", { "data-testid": "execution-status" }, badge(execution.status))),
      h("p", { class: "muted" }, `${execution.execution_id} · plan `,
        h("a", { href: `#/plans/${encodeURIComponent(execution.plan_id)}` }, execution.plan_id),
        ` · owner ${execution.owner || "—"}`),
      execution.error ? h("p", { class: "s-failed" }, execution.error) : null,
      final ? null : h("div", { class: "actions" }, h("button", { class: "danger", id: "cancel",
        onclick: async () => { try { await api("POST", `${path}/cancel`); await render(); } catch (e) { flash(e.message); } },
      }, "Cancel")));
    fill(table, h("table", { "data-testid": "steps" },
      h("thead", {}, h("tr", {}, h("th", {}, "step"), h("th", {}, "status"), h("th", {}, "attempt"),
        h("th", {}, "output / error"), h("th", {}, ""))),
      h("tbody", {}, execution.steps.map((s) => h("tr", { "data-step": s.step_id },
        h("td", {}, s.step_id, s.iteration !== null ? ` #${s.iteration}` : ""),
        h("td", {}, badge(s.status)),
        h("td", {}, String(s.attempt_count)),
        h("td", {}, s.error ? h("div", { class: "s-failed" }, `${s.error_type || ""} ${s.error}`) : json(s.output)),
        h("td", {}, waiting.has(s.step_id) && s.status === "awaiting_confirmation" ? h("div", { class: "actions" },
          h("button", { "data-testid": `approve-${s.step_id}`, onclick: decide(s.step_id, "approve") }, "Approve"),
          h("button", { class: "danger", "data-testid": `deny-${s.step_id}`, onclick: decide(s.step_id, "deny") },
            "Deny")) : decided[s.step_id] ? h("span", { class: "muted", "data-testid": `decision-${s.step_id}` },
          decided[s.step_id]) : null))))));
  };
  await render();
  show(head, table, h("h2", {}, "Live events"), log);
  const controller = new AbortController();
  leaving.push(() => controller.abort());
  follow(`${path}/events`, (kind, data) => {
    log.append(h("li", {}, h("span", { class: "muted" }, `#${data.seq} `),
      kind === "step" ? `${data.step_id}${data.iteration !== null ? ` #${data.iteration}` : ""} → ` : "execution → ",
      badge(data.status), data.error ? ` ${data.error}` : ""));
    render().catch((error) => flash(error.message));
  }, controller.signal);
}

async function schedulesPage() {
  const schedules = await api("GET", "/schedules");
  const act = (id, verb, method = "POST") => async () => {
    try {
      await api(method, verb ? `/schedules/${encodeURIComponent(id)}/${verb}` : `/schedules/${encodeURIComponent(id)}`);
      await schedulesPage();
    } catch (error) { flash(error.message); }
  };
  show(h("h1", {}, "Schedules"), schedules.length ? h("table", { "data-testid": "schedules" },
    h("thead", {}, h("tr", {}, h("th", {}, "schedule"), h("th", {}, "status"), h("th", {}, "trigger"),
      h("th", {}, "next fires"), h("th", {}, ""))),
    h("tbody", {}, schedules.map((s) => h("tr", {},
      h("td", {}, h("a", { href: `#/plans/${encodeURIComponent(s.plan_id)}` }, s.id)),
      h("td", {}, badge(s.status)),
      h("td", {}, s.trigger.type, s.trigger.expression ? ` ${s.trigger.expression}` : "",
        s.trigger.timezone ? ` (${s.trigger.timezone})` : ""),
      h("td", {}, s.next_fires.length ? s.next_fires.map((f) => h("div", {}, f.local)) : h("span", { class: "muted" }, "—")),
      h("td", {}, h("div", { class: "actions" },
        s.status === "active" ? h("button", { class: "secondary", onclick: act(s.id, "pause") }, "Pause") : null,
        s.status === "paused" ? h("button", { class: "secondary", onclick: act(s.id, "resume") }, "Resume") : null,
        h("button", { class: "danger", onclick: act(s.id, null, "DELETE") }, "Remove")))))))
    : h("p", { class: "muted" }, "No schedules. Save a plan with a trigger, then press Schedule on its page."));
}

async function deadLettersPage() {
  const letters = await api("GET", "/dead-letters");
  show(h("h1", {}, "Dead letters"), letters.length ? h("table", { "data-testid": "dead-letters" },
    h("thead", {}, h("tr", {}, h("th", {}, "step"), h("th", {}, "error"), h("th", {}, "execution"), h("th", {}, "when"),
      h("th", {}, ""))),
    h("tbody", {}, letters.map((d) => h("tr", {},
      h("td", {}, d.node_id, d.tool ? h("div", { class: "muted" }, d.tool) : null),
      h("td", {}, h("div", { class: "s-failed" }, d.error_type), d.error),
      h("td", {}, h("a", { href: `#/executions/${encodeURIComponent(d.execution_id)}` }, d.execution_id)),
      h("td", {}, when(d.timestamp)),
      h("td", {}, h("button", { onclick: async () => {
        try { await api("POST", `/dead-letters/${encodeURIComponent(d.id)}/retry`); flash(""); await deadLettersPage(); }
        catch (error) { flash(error.message); }
      } }, "Retry"))))))
    : h("p", { class: "muted" }, "No dead letters."));
}

// -------------------------------------------------------------------------------------------- router
const routes = [
  [/^#\/plans\/(.+)$/, (m) => planPage(decodeURIComponent(m[1]))],
  [/^#\/plans$/, plansPage],
  [/^#\/new$/, newPlanPage],
  [/^#\/executions\/(.+)$/, (m) => executionPage(decodeURIComponent(m[1]))],
  [/^#\/executions$/, executionsPage],
  [/^#\/schedules$/, schedulesPage],
  [/^#\/dead-letters$/, deadLettersPage],
];

async function route() {
  for (const stop of leaving) stop();
  leaving = [];
  flash("");
  if (!token() || location.hash === "#/signin") {
    await signIn();
    return;
  }
  document.getElementById("nav").hidden = false;
  document.getElementById("sign-out").hidden = false;
  const hash = location.hash || "#/plans";
  try {
    const me = await api("GET", "/me");
    document.getElementById("who").textContent = `${me.user} (${me.role})`;
    for (const [pattern, page] of routes) {
      const match = hash.match(pattern);
      if (match) {
        await page(match);
        return;
      }
    }
    location.hash = "#/plans";
  } catch (error) {
    if (error.status !== 401) show(h("h1", {}, "Something went wrong"), h("p", {}, error.message));
  }
}

document.getElementById("sign-out").addEventListener("click", () => {
  sessionStorage.removeItem(TOKEN_KEY);
  location.hash = "#/signin";
});
window.addEventListener("hashchange", route);
route();
