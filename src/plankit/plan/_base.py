"""The pydantic base classes every IR model shares: strict keys, aware datetimes, and tags kept on dump."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any, ClassVar

from pydantic import AfterValidator, BaseModel, ConfigDict, SerializerFunctionWrapHandler, model_serializer


def _assume_utc(value: datetime) -> datetime:
    # Plans travel between machines; a naive time would mean different instants on each, so pin it to UTC.
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


UtcDatetime = Annotated[datetime, AfterValidator(_assume_utc)]
"""A datetime that is always timezone-aware; a naive input is taken as UTC."""


class IRModel(BaseModel):
    """Base of every IR model: unknown keys are errors, and enum values are stored as plain strings."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, use_enum_values=False)


_SHARED_FIELDS_SETS: dict[frozenset[str], set[str]] = {}
"""One set of field names per distinct combination, shared by every tagged model that was given those
fields. Pydantic keeps a set per instance (``model_fields_set``); for the nodes of a 100k-step plan those
sets alone took about 70 MiB (a set of six names is 728 bytes)."""
_LAST_SHARED: list[set[str]] = [set()]
"""The shared fields-set handed out last (always one of :data:`_SHARED_FIELDS_SETS`' values, or empty)."""
_set_attribute = object.__setattr__


class TaggedModel(IRModel):
    """A member of a tagged union. Its tag is always dumped, even though it has a default.

    The canonical form drops defaults to stay small, but a union member without its tag could not be
    loaded back, so the tag (and the id, when the model has one) is written first.

    Tagged models are the many small objects of a plan (nodes, failure policies, values, conditions), so
    they share their ``model_fields_set`` with every other tagged model given the same fields; an
    assignment gives the model its own copy first. Read ``model_fields_set``, never change it in place.
    """

    tag_field: ClassVar[str] = "type"

    def model_post_init(self, context: Any, /) -> None:
        """Swap the fields-set pydantic made for the shared one with the same names."""
        fields_set = self.__pydantic_fields_set__
        # The nodes of a plan mostly come in runs with the same fields: the shared set handed out last is
        # compared first (in C), sparing a frozenset and its hash per model (most of this call's cost).
        last = _LAST_SHARED[0]
        if fields_set == last:
            _set_attribute(self, "__pydantic_fields_set__", last)
            return
        key = frozenset(fields_set)
        shared = _SHARED_FIELDS_SETS.get(key)
        if shared is None:
            shared = _SHARED_FIELDS_SETS.setdefault(key, set(key))
        _set_attribute(self, "__pydantic_fields_set__", shared)
        _LAST_SHARED[0] = shared

    def __setattr__(self, name: str, value: Any) -> None:
        fields_set = self.__pydantic_fields_set__
        if _SHARED_FIELDS_SETS.get(frozenset(fields_set)) is fields_set:
            object.__setattr__(self, "__pydantic_fields_set__", set(fields_set))  # pydantic adds the name to it
        super().__setattr__(name, value)

    @model_serializer(mode="wrap")
    def _dump_with_tag(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if not isinstance(data, dict):  # pragma: no cover - pydantic always hands back a dict for models
            return data
        head: dict[str, Any] = {}
        if "id" in type(self).model_fields:
            head["id"] = data.pop("id", getattr(self, "id", None))
        head[self.tag_field] = getattr(self, self.tag_field)
        data.pop(self.tag_field, None)
        head.update(data)
        return head
