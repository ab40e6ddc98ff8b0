"""Value classes without the ``dataclasses`` module, for the classes every solve builds.

``import dataclasses`` imports ``inspect`` (and with it ``ast``, ``dis``, ``tokenize``), and
each ``@dataclass`` compiles its methods at import: together about a fifth of a whole
``renju solve`` process's instructions (``docs/performance.md``, start-up). A
:class:`Record` subclass names its fields in ``_fields`` and writes its ``__init__``; it
gets what ``@dataclass`` would add: equality field by field between instances of the
same class, no hash (it is mutable) and a ``repr`` naming every field.
:class:`FrozenRecord` is ``@dataclass(frozen=True)``: assignment raises
``AttributeError``, and it hashes by its fields.

>>> class Pair(FrozenRecord):
...     _fields = ("a", "b")
...     def __init__(self, a: int, b: int = 0) -> None:
...         self._freeze(a=a, b=b)
>>> Pair(1), Pair(1) == Pair(1, 0), hash(Pair(1)) == hash(Pair(1))
(Pair(a=1, b=0), True, True)
>>> Pair(1).a = 2
Traceback (most recent call last):
AttributeError: cannot assign to field 'a'

Modules off a solve's path use ``@dataclass``.
"""

from __future__ import annotations

__all__ = ["FrozenRecord", "Record"]


class Record:
    """A mutable value class: equality and ``repr`` by the fields named in ``_fields``."""

    __slots__ = ()
    _fields: tuple[str, ...] = ()

    def _values(self) -> tuple[object, ...]:
        return tuple([getattr(self, name) for name in self._fields])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__ or not isinstance(other, Record):
            return NotImplemented
        return self._values() == other._values()

    __hash__ = None  # type: ignore[assignment]  # (mutable: as @dataclass with eq)

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({fields})"


class FrozenRecord(Record):
    """An immutable value class (its fields live in ``__dict__``, which ``_freeze`` fills
    once and unpickling restores without ``__setattr__``)."""

    def _freeze(self, **values: object) -> None:
        """Set the fields (``__init__`` calls it once)."""
        self.__dict__.update(values)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")

    def __hash__(self) -> int:  # type: ignore[override]  # (Record's is None)
        return hash(self._values())
