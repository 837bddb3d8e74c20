"""lark's parse tables of the DSL (used to word syntax errors) are kept in the user's cache folder between runs: one file per
grammar, the files of other grammars removed, nothing cached in a folder that is not the
user's, and a parse from the cached tables is the parse from the grammar."""

from __future__ import annotations

import os

import pytest

from pyfront import cache
from pyfront.problem import dsl

TEXT = "problem p\n  agents Ann, Ben\n  setup forehead\n  hypothesis h: (muddy(Ann) and\n  muddy(Ben))\n"


def test_one_file_per_grammar_in_the_cache_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("MINDGAMES_CACHE", str(tmp_path / "c"))
    first = cache.lark_cache("g", "start: \"a\"\n")
    assert first and os.path.dirname(first) == str(tmp_path / "c")
    assert oct(os.stat(tmp_path / "c").st_mode & 0o777) == "0o700"
    open(first, "w").close()
    assert cache.lark_cache("g", "start: \"a\"\n") == first and os.path.exists(first)
    second = cache.lark_cache("g", "start: \"b\"\n")
    assert second != first and not os.path.exists(first)


def test_no_cache_without_a_usable_folder(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("MINDGAMES_CACHE", str(blocker / "sub"))
    assert cache.lark_cache("g", "x") is False


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0, reason="needs root to chown")
def test_a_folder_of_another_user_is_not_used(tmp_path, monkeypatch):
    folder = tmp_path / "theirs"
    folder.mkdir()
    os.chown(folder, 12345, 12345)
    monkeypatch.setenv("MINDGAMES_CACHE", str(folder))
    assert cache.cache_folder() is None


def test_cached_tables_parse_as_the_grammar_does(tmp_path, monkeypatch):
    """lark's tables (which word the syntax errors) are cached and read back."""
    from pyfront.problem import dsl_syntax

    monkeypatch.setenv("MINDGAMES_CACHE", str(tmp_path / "c"))
    dsl_syntax.lark_parser.cache_clear()
    try:
        built = dsl_syntax.lark_tree(TEXT)  # builds and writes the tables
        assert list((tmp_path / "c").glob("problem-grammar-*.lark"))
        dsl_syntax.lark_parser.cache_clear()
        loaded = dsl_syntax.lark_tree(TEXT)  # reads them back
        assert loaded == built == dsl_syntax.parse_tree(TEXT)
        assert str(dsl.parse_problem(TEXT).hypotheses[0].formula) == "(1 & 2)"
    finally:
        dsl_syntax.lark_parser.cache_clear()
