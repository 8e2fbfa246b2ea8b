"""A message as results keep it: a catalogue key and its parameters. A leaf (it imports nothing of the
grader): results, errors and the sandbox hold messages without loading any catalogue; `i18n.say` says
one in a language where it is shown."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Message:
    """A message as results keep it: a catalogue key and its parameters, said in a language only where
    it is shown (the terminal, the reports, the exports, the web pages). A parameter may itself be a
    Message (a grader error inside a check's message), said in the same language."""

    key: str
    params: dict = field(default_factory=dict, hash=False)

    def to_dict(self) -> dict:
        return {
            "key": self.key,
            "params": {k: v.to_dict() if isinstance(v, Message) else v for k, v in self.params.items()},
        }

    @classmethod
    def from_dict(cls, data: dict) -> Message:
        params = data.get("params", {})
        return cls(data["key"], {k: cls.from_dict(v) if _is_message(v) else v for k, v in params.items()})


def _is_message(value) -> bool:
    return type(value) is dict and set(value) == {"key", "params"}
