"""The repository's LICENSE and CITATION.cff: the licence pyproject declares, in full, and
citation metadata in the Citation File Format 1.2.0 that agree with pyproject."""

from __future__ import annotations

import re
import tomllib

import yaml

from conftest import REPO

PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]

#: the MIT licence's operative sentences (opensource.org's text), which a LICENSE file must hold
MIT_SENTENCES = [
    "Permission is hereby granted, free of charge, to any person obtaining a copy of this "
    "software and associated documentation files (the \"Software\"), to deal in the Software "
    "without restriction",
    "The above copyright notice and this permission notice shall be included in all copies "
    "or substantial portions of the Software.",
    "THE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY OF ANY KIND",
]


def _words(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def test_the_license_file_is_the_licence_pyproject_declares():
    assert PYPROJECT["license"] == {"text": "MIT"}
    text = _words((REPO / "LICENSE").read_text(encoding="utf-8"))
    assert text.startswith("MIT License")
    for sentence in MIT_SENTENCES:
        assert _words(sentence) in text
    holder = re.search(r"Copyright \(c\) (\d{4}) (.+?) Permission", text)
    assert holder and holder.group(1) == "2026" and PYPROJECT["name"] in holder.group(2)


def test_the_citation_file_is_cff_1_2_0_and_agrees_with_pyproject():
    cff = yaml.safe_load((REPO / "CITATION.cff").read_text(encoding="utf-8"))
    # CFF 1.2.0's required keys and their types
    assert cff["cff-version"] == "1.2.0"
    assert isinstance(cff["message"], str) and cff["message"]
    assert isinstance(cff["title"], str) and PYPROJECT["name"] in cff["title"]
    assert cff["authors"] and all(isinstance(a, dict) and ("name" in a or "family-names" in a)
                                  for a in cff["authors"])
    assert str(cff["version"]) == PYPROJECT["version"]
    assert cff["license"] == PYPROJECT["license"]["text"]
    assert cff.get("type", "software") == "software"
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(cff["date-released"]))
    known = {"abstract", "authors", "cff-version", "commit", "contact", "date-released", "doi",
             "identifiers", "keywords", "license", "license-url", "message", "preferred-citation",
             "references", "repository", "repository-artifact", "repository-code", "title",
             "type", "url", "version"}
    assert set(cff) <= known
