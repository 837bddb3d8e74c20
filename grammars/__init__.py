"""Grammar files (lark) shipped with the toolkit; load them with :func:`grammar_text`."""

from importlib.resources import files


def grammar_text(name: str) -> str:
    """Text of ``grammars/<name>`` whether installed or run from a checkout."""
    return files(__name__).joinpath(name).read_text(encoding="utf-8")
