"""The shared detectors: secrets, personal data, SQL writes, paths; examples and properties."""

from __future__ import annotations

import math
import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plankit.lint import _detect
from plankit.lint._detect import (
    WRITE_KEYWORDS,
    PiiHit,
    SecretHit,
    find_pii,
    find_secrets,
    iban_valid,
    is_checksum_name,
    is_reference_value,
    is_secret_name,
    is_sensitive_name,
    is_single_reference,
    looks_like_sql,
    looks_random,
    luhn_valid,
    mask,
    name_words,
    path_problem,
    shannon_entropy,
    sql_tokens,
    sql_writes,
    template_text,
    walk_strings,
)
from plankit.plan import single_reference

# ------------------------------------------------------------------------------------------------ names


def test_name_words_splits_every_case_style() -> None:
    assert name_words("xApiKey") == ("x", "api", "key")
    assert name_words("X-API-Key") == ("x", "api", "key")
    assert name_words("AWS_SECRET_ACCESS_KEY") == ("aws", "secret", "access", "key")
    assert name_words("sha256") == ("sha", "256")


@pytest.mark.parametrize(
    "name", ["api_key", "apiKey", "password", "db_password", "clientSecret", "X-Auth-Token", "private_key", "token"]
)
def test_secret_names(name: str) -> None:
    assert is_secret_name(name)


@pytest.mark.parametrize(
    "name", ["token_type", "api_key_id", "next_page_token", "max_tokens", "password_policy", "keyword", "monkey", "to"]
)
def test_names_that_only_describe_secrets(name: str) -> None:
    assert not is_secret_name(name)


def test_sensitive_names_add_personal_identifiers() -> None:
    assert [is_sensitive_name(n) for n in ("ssn", "card_number", "taxId", "date_of_birth", "month", "user_id")] == [
        True,
        True,
        True,
        True,
        False,
        False,
    ]


def test_checksum_names() -> None:
    assert [is_checksum_name(n) for n in ("sha256", "fileHash", "checksum", "etag", "digest", "api_key")] == [
        True,
        True,
        True,
        True,
        True,
        False,
    ]


# ---------------------------------------------------------------------------------------------- values


def test_walk_strings_yields_keys_and_paths_and_skips_reference_objects() -> None:
    value = {
        "to": ["a@x.test", "b@x.test"],
        "ref": {"type": "env", "key": "API_KEY"},
        "lit": {"type": "literal", "value": "v"},
        "n": 1,
    }
    assert list(walk_strings(value, "$.p")) == [
        ("to", "a@x.test", "$.p.to[0]"),
        ("to", "b@x.test", "$.p.to[1]"),
        ("lit", "v", "$.p.lit.value"),
    ]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.text(alphabet="abxyz", min_size=1, max_size=3), inner, max_size=3)
    ),
    max_leaves=20,
)


def _strings(value: object, path: str, key: str) -> list[tuple[str, str, str]]:
    """The expected walk, written recursively for comparison (test values are shallow)."""
    if isinstance(value, str):
        return [(key, value, path)]
    if isinstance(value, dict):
        return [found for k, v in value.items() for found in _strings(v, f"{path}.{k}", k)]
    if isinstance(value, list):
        return [found for i, v in enumerate(value) for found in _strings(v, f"{path}[{i}]", key)]
    return []


@given(json_values)
def test_walk_strings_finds_every_string_in_document_order(value: object) -> None:
    assert list(walk_strings(value, "$")) == _strings(value, "$", "")


template_like = st.text(alphabet="{}$.[]_- ab01", max_size=24) | st.builds(
    "{}{{{{ {}{} }}}}{}".format,
    st.sampled_from(["", "$", "x"]),
    st.from_regex(r"[a-z0-9_][a-z0-9_\-]{0,5}", fullmatch=True),
    st.from_regex(r"(\.[a-z0-9_\-]{1,4}|\[\d\])*", fullmatch=True),
    st.sampled_from(["", "}", " x"]),
)


@given(template_like)
def test_single_reference_check_agrees_with_the_plan_parser(text: str) -> None:
    assert is_single_reference(text) == (single_reference(text) is not None)


def test_reference_values() -> None:
    assert is_reference_value("{{s1.result.id}}") and is_reference_value("${env.HOME}")
    assert is_reference_value({"type": "step_output", "step_id": "s1"})
    assert not is_reference_value("id {{s1.id}}") and not is_reference_value({"type": "literal", "value": 1})
    assert not is_reference_value(42)


def test_template_text_replaces_references() -> None:
    assert template_text("id = {{s1.result.id}} and ${s2.x}", "?") == "id = ? and ?"
    assert template_text("no refs") == "no refs"


def test_mask_shows_only_a_prefix_and_the_length() -> None:
    assert mask("AKIAIOSFODNN7EXAMPLE") == "'AKIA…' (20 chars)"
    assert mask("hunter22") == "'hu…' (8 chars)"
    assert mask("short") == "'…' (5 chars)"


@given(st.text(min_size=8))
def test_mask_never_shows_a_whole_value(value: str) -> None:
    shown = mask(value)
    assert value not in shown


# --------------------------------------------------------------------------------------------- secrets


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("key AKIAIOSFODNN7EXAMPLE here", "AWS access key"),
        ("ghp_" + "a1B2" * 9, "GitHub token"),
        ("github_pat_11ABCDEFG0123456789abcdef", "GitHub token"),
        ("xoxb-123456789012-abcdefABCDEF", "Slack token"),
        ("sk-ant-api03-abcdefGHIJKL0123456789", "API secret key"),
        ("sk_live_4eC39HqLyjWDarjtT1zdp7dc", "Stripe secret key"),
        ("-----BEGIN RSA PRIVATE KEY-----\nMIIE", "private key block"),
        ("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJl", "JSON Web Token"),
        ("Authorization: bearer abcdefghijklmnop1234", "bearer token"),
        ("Basic dXNlcjpwYXNzd29yZA==", "basic-auth credentials"),
        ("db password=hunter22 ok", "password assignment"),
        ('{"api_key": "abcd1234"}', "password assignment"),
        ("mysql://root:toor@localhost/db", "password in a URL"),
    ],
)
def test_known_secret_formats(text: str, kind: str) -> None:
    assert [hit.kind for hit in find_secrets(text)] == [kind]


@pytest.mark.parametrize(
    "text",
    [
        "sk-this-is-just-a-long-slug-without-digits",
        "Basic information about the account",
        "password={{context.db_password}}",
        "password: ********",
        "postgres://user:{{env.PW}}@host/db",
        "bearer of good news",
        "task-1234567890abcdefghijklmn",
        "ASK AKIA",
    ],
)
def test_not_secrets(text: str) -> None:
    assert find_secrets(text) == []


def test_secret_looking_keys() -> None:
    md5, sha256 = "9e107d9d372bb6826bd81d3542a419d6", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    uuid = "123e4567-e89b-42d3-a456-426614174000"
    assert find_secrets(md5, "checksum") == []
    assert find_secrets(sha256, "sha256") == []
    assert find_secrets(uuid, "api_key") == []
    assert find_secrets(md5, "api_key") == [SecretHit("high-entropy value in a secret-looking key", md5)]
    assert find_secrets("hunter2", "password") == [SecretHit("literal password", "hunter2")]
    assert find_secrets("<your password>", "password") == []
    assert find_secrets("$DB_PASSWORD", "password") == []
    assert find_secrets("aaaaaaaaaaaaaaaaaaaaaaaa", "api_key") == []
    assert find_secrets("hunter2", "note") == []


def test_looks_random() -> None:
    assert looks_random("9fK2xQ7LmP4vR8tZ1bN6cW3y")
    assert not looks_random("abcabcabcabcabcabc12")
    assert not looks_random("not random at all 123")
    assert not looks_random("short1A")


@given(st.text())
def test_secret_detection_never_raises(text: str) -> None:
    for hit in find_secrets(text, "api_key") + find_secrets(text):
        assert hit.text and hit.text.strip() in text


@given(st.text())
def test_entropy_is_between_zero_and_the_log_of_distinct_characters(text: str) -> None:
    entropy = shannon_entropy(text)
    assert 0 <= entropy <= math.log2(max(len(set(text)), 1)) + 1e-9
    assert math.isclose(entropy, shannon_entropy("".join(sorted(text))), abs_tol=1e-9)


@given(st.characters(), st.integers(min_value=1, max_value=50))
def test_entropy_of_one_repeated_character_is_zero(char: str, count: int) -> None:
    assert shannon_entropy(char * count) == 0


@given(st.text(alphabet="ab12", min_size=16, max_size=64))
def test_four_symbols_are_never_random(text: str) -> None:
    assert not looks_random(text)


# --------------------------------------------------------------------------------------- personal data


def test_personal_data_examples() -> None:
    text = (
        "mail j.doe@example.com, call +1 415 555 2671 or (415) 555-2671, card 4111 1111 1111 1111, "
        "iban DE89 3704 0044 0532 0130 00"
    )
    assert find_pii(text) == [
        PiiHit("email address", "j.doe@example.com"),
        PiiHit("phone number", "+1 415 555 2671"),
        PiiHit("phone number", "(415) 555-2671"),
        PiiHit("card number", "4111 1111 1111 1111"),
        PiiHit("IBAN", "DE89 3704 0044 0532 0130 00"),
    ]
    assert [hit.masked() for hit in find_pii(text)] == [
        "'j…@example.com'",
        "'…2671'",
        "'…2671'",
        "'…1111'",
        "'DE…3000'",
    ]


@pytest.mark.parametrize(
    "text",
    [
        "date 2025-01-31",
        "ts 1735689600000",
        "order ORD-2025-000123",
        "card 4111 1111 1111 1112",
        "iban DE89 3704 0044 0532 0130 01",
        "ref 12 3704 0044 0532 0130 01",
        "amount 1234.56",
        "version 1.2.3.4",
        "{{s1.result.email}}",
    ],
)
def test_not_personal_data(text: str) -> None:
    assert find_pii(text) == []


@given(st.text(alphabet=string.digits, min_size=12, max_size=18))
def test_exactly_one_luhn_check_digit_fits(body: str) -> None:
    assert sum(luhn_valid(body + digit) for digit in string.digits) == 1


@given(st.text(alphabet=string.digits, min_size=12, max_size=18), st.data())
def test_luhn_catches_every_single_digit_error(body: str, data: st.DataObject) -> None:
    number = next(body + digit for digit in string.digits if luhn_valid(body + digit))
    position = data.draw(st.integers(min_value=0, max_value=len(number) - 1))
    wrong = data.draw(st.sampled_from([d for d in string.digits if d != number[position]]))
    assert not luhn_valid(number[:position] + wrong + number[position + 1 :])


@given(st.text(alphabet=string.digits, min_size=14, max_size=17), st.sampled_from("3456"))
def test_luhn_valid_card_numbers_are_found(body: str, first: str) -> None:
    number = next(first + body + digit for digit in string.digits if luhn_valid(first + body + digit))
    assert find_pii(f"pay with {number} today") == [PiiHit("card number", number)]


def _with_check_digits(country: str, bban: str) -> str:
    numeric = "".join(str(int(char, 36)) for char in bban + country + "00")
    return f"{country}{98 - int(numeric) % 97:02d}{bban}"


ibans = st.builds(
    _with_check_digits,
    st.text(alphabet=string.ascii_uppercase, min_size=2, max_size=2),
    st.text(alphabet=string.digits + string.ascii_uppercase, min_size=11, max_size=30),
)


@given(ibans)
def test_ibans_with_their_check_digits_are_valid(iban: str) -> None:
    assert iban_valid(iban)
    assert iban_valid(" ".join(iban[index : index + 4] for index in range(0, len(iban), 4)))


@given(ibans, st.data())
def test_iban_check_catches_a_changed_digit(iban: str, data: st.DataObject) -> None:
    digits = [index for index, char in enumerate(iban) if char.isdigit() and index >= 4]
    if not digits:
        return
    position = data.draw(st.sampled_from(digits))
    wrong = data.draw(st.sampled_from([d for d in string.digits if d != iban[position]]))
    assert not iban_valid(iban[:position] + wrong + iban[position + 1 :])


@given(st.text())
def test_personal_data_detection_never_raises(text: str) -> None:
    for hit in find_pii(text):
        assert hit.text in text


# ------------------------------------------------------------------------------------------------- SQL


@pytest.mark.parametrize(
    "query",
    [
        "SELECT created_at, updated_by FROM t",
        "SELECT * FROM notes WHERE note = 'please delete'",
        "SELECT 1 -- DROP TABLE users",
        "SELECT /* DELETE FROM t */ 1",
        'SELECT "update", `delete`, [drop] FROM t',
        "SELECT $$DELETE FROM t$$, $body$ INSERT $body$",
        "SELECT REPLACE(name, 'a', 'b'), INSERT(s, 1, 2, 'x') FROM t",
        "SELECT t.delete AS update FROM t FOR UPDATE",
        "SELECT * FROM t FOR NO KEY UPDATE",
        "SELECT E'it\\'s; DROP TABLE x' FROM t",
        "SELECT 'it''s; DROP TABLE x' FROM t",
    ],
)
def test_reads(query: str) -> None:
    assert sql_writes(query) == []


@pytest.mark.parametrize(
    ("query", "writes"),
    [
        ("DELETE FROM t", [(1, ["DELETE"])]),
        ("select 1; drop table users; select 2", [(2, ["DROP"])]),
        ("WITH d AS (DELETE FROM t RETURNING *) INSERT INTO a SELECT * FROM d", [(1, ["DELETE", "INSERT"])]),
        ("SELECT '\\'; DROP TABLE x; --'", [(2, ["DROP"])]),
        ("SELECT 1 # 2; TRUNCATE t", [(2, ["TRUNCATE"])]),
        ("REPLACE INTO t VALUES (1)", [(1, ["REPLACE"])]),
        ("/* a */ GRANT ALL ON t TO bob; ALTER TABLE t ADD c int", [(1, ["GRANT"]), (2, ["ALTER"])]),
        ("SELECT 1; CREATE TABLE x (a int); MERGE INTO y USING x ON 1=1", [(2, ["CREATE"]), (3, ["MERGE"])]),
    ],
)
def test_writes(query: str, writes: list[tuple[int, list[str]]]) -> None:
    assert sql_writes(query) == writes


def test_unterminated_literals_run_to_the_end() -> None:
    assert [token.kind for token in sql_tokens("SELECT 'abc; DROP")] == ["word", "string"]
    assert [token.kind for token in sql_tokens("SELECT /* DROP")] == ["word", "comment"]


def test_looks_like_sql() -> None:
    assert looks_like_sql("SELECT a FROM t")
    assert looks_like_sql("with x as (select 1) select * from x")
    assert looks_like_sql("delete from t where id = 1")
    assert not looks_like_sql("latest news about ACME")
    assert not looks_like_sql("Delete the old files")
    assert not looks_like_sql("")


@given(st.text())
def test_the_tokenizer_never_raises_and_keeps_the_text_in_order(text: str) -> None:
    cursor = 0
    for token in sql_tokens(text):
        assert token.text
        found = text.find(token.text, cursor)
        assert found >= cursor and not text[cursor:found].strip()
        cursor = found + len(token.text)
    assert not text[cursor:].strip()
    sql_writes(text)


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


@given(st.text())
def test_no_write_is_ever_reported_inside_a_string_literal(text: str) -> None:
    assert sql_writes(f"SELECT * FROM t WHERE a = {_quoted(text)}") == []
    assert sql_writes('SELECT "' + text.replace('"', '""') + '" FROM t') == []


@given(st.text().filter(lambda text: "*/" not in text and "\n" not in text and "$q$" not in text))
def test_no_write_is_ever_reported_inside_comments_or_dollar_quotes(text: str) -> None:
    assert sql_writes(f"SELECT 1 /* {text} */") == []
    assert sql_writes(f"SELECT 1 -- {text}") == []
    assert sql_writes(f"SELECT $q${text}$q$") == []


@given(st.text(), st.sampled_from(sorted(WRITE_KEYWORDS)))
def test_a_write_after_any_literal_is_found(text: str, keyword: str) -> None:
    assert sql_writes(f"SELECT {_quoted(text)}; {keyword.lower()} x") == [(2, [keyword])]


# ----------------------------------------------------------------------------------------------- paths


@pytest.mark.parametrize(
    ("path", "problem"),
    [
        ("../secret", "climbs out of its directory with '..'"),
        ("a\\..\\b", "climbs out of its directory with '..'"),
        ("a/%2E%2E/b", "climbs out of its directory with '..'"),
        ("file:///etc/passwd", "reaches the system directory '/etc'"),
        ("//etc//./shadow", "reaches the system directory '/etc'"),
        ("/proc/self/environ", "reaches the system directory '/proc'"),
        ("/root", "reaches the system directory '/root'"),
        ("~/.ssh/id_rsa", "reaches the credentials directory '.ssh'"),
        ("$HOME/.aws/credentials", "reaches the credentials directory '.aws'"),
        ("/home/bob/./.gnupg/key", "reaches the credentials directory '.gnupg'"),
        ("C:\\Windows\\System32\\drivers", "reaches a Windows system directory"),
        ("a.txt\x00.png", "contains a NUL byte"),
        ("a%00b", "contains a NUL byte"),
    ],
)
def test_unsafe_paths(path: str, problem: str) -> None:
    assert path_problem(path) == problem


@pytest.mark.parametrize(
    "path",
    ["reports/2025.csv", "./out/a.txt", "/tmp/work/a.txt", "/etcetera/a", "~/reports/a.csv", "a..b/c", "/home/bob/x"],
)
def test_safe_paths(path: str) -> None:
    assert path_problem(path) is None


@given(st.text())
def test_path_checks_never_raise(path: str) -> None:
    problem = path_problem(path)
    assert problem is None or isinstance(problem, str)


_GATED = [fmt for fmt in (*_detect.PII_FORMATS, *_detect.SECRET_FORMATS) if fmt.gate is not None]
_CHUNK = st.sampled_from(["+", "(", ")", " ", "-", ".", "DE", "GB", "x", "@", "\x00", "٣"]) | st.from_regex(
    r"\A[0-9]{1,6}\Z"
)
_GATE_TEXT = st.lists(_CHUNK, max_size=16).map("".join) | st.sampled_from(
    [
        "call +44 20 7946 0958 now",
        "(555) 123-4567",
        "555.123.4567",
        "555 123 4567",
        "card 4111 1111 1111 1111",
        "2221 0000 0000 0009",
        "5500-0000-0000-0004",
        "DE89 3704 0044 0532 0130 00",
        "GB82WEST12345698765432",
        "+١٢٣ ٤٥٦ ٧٨٩٠",
    ]
)


@pytest.mark.parametrize("fmt", _GATED, ids=lambda fmt: fmt.kind)
@given(text=_GATE_TEXT)
def test_a_format_gate_matches_wherever_its_pattern_does(fmt: object, text: str) -> None:
    """A gate rules texts out before the slow pattern runs: it must never rule out a text the pattern matches."""
    assert fmt.gate is not None  # type: ignore[attr-defined]
    if fmt.pattern.search(text) is not None:  # type: ignore[attr-defined]
        assert fmt.gate.search(text) is not None  # type: ignore[attr-defined]


def test_the_gated_formats_still_find_their_values() -> None:
    text = "call +44 20 7946 0958, card 4111 1111 1111 1111, DE89370400440532013000"
    assert [hit.kind for hit in find_pii(text)] == [
        "phone number",
        "card number",
        "IBAN",
    ]
