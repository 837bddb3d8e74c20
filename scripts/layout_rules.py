"""The house rules that ``check_layout.py`` enforces beyond circles and sizes.

Each rule reads the modules' syntax trees only (nothing is imported, except to resolve a
dotted name that a docstring cites) and yields one line per breach, naming file and line:

- a module importing another module's underscore name (share it under a public name, or
  move it to the module that owns it);
- a ``global`` statement (a choice passed around in a module global instead of an argument);
- a public exception class outside the two roots (``pyfront.errors.UserError``,
  ``smcdel_bridge.errors.SmcdelError``);
- a docstring naming ``pyfront.…`` / ``smcdel_bridge.…`` that does not resolve;
- the engine names spelt out as a literal anywhere but in their one declaration;
- ``dataclasses`` imported anywhere but in the one value-class module (value classes are
  made by ``smcdel_bridge.values.value``).
"""

from __future__ import annotations

import ast
import builtins
import importlib
import importlib.util
import re
from pathlib import Path

ROOTS = {"pyfront.errors.UserError", "smcdel_bridge.errors.SmcdelError"}
ENGINE_NAMES_HOME = "smcdel_bridge.engines"
VALUES_HOME = "smcdel_bridge.values"
_ENGINE_WORDS = {"explicit", "symbolic"}
_REFERENCE = re.compile(r"\b((?:pyfront|smcdel_bridge|mindgames_grammars)(?:\.[A-Za-z_]\w*)+)")


def _resolve(name: str, level: int, module: str | None, is_package: bool) -> str:
    if not level:
        return module or ""
    base = name.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([module] if module else []))


def _aliases(tree: ast.Module, name: str, is_package: bool) -> dict[str, str]:
    """Local name -> the dotted name it was imported as (module level only)."""
    found = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            prefix = _resolve(name, node.level, node.module, is_package)
            for alias in node.names:
                found[alias.asname or alias.name] = f"{prefix}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                found[alias.asname or alias.name.split(".")[0]] = alias.asname and alias.name or alias.name.split(".")[0]
    return found


class Trees:
    """The parsed modules, by dotted name."""

    def __init__(self, mods: dict[str, Path], root: Path):
        self.mods, self.root = mods, root
        self.trees = {n: ast.parse(p.read_text(encoding="utf-8"), filename=str(p)) for n, p in mods.items()}

    def where(self, name: str, node: ast.AST) -> str:
        return f"{self.mods[name].relative_to(self.root)}:{getattr(node, 'lineno', 1)}"

    def is_package(self, name: str) -> bool:
        return self.mods[name].name == "__init__.py"


def underscore_imports(t: Trees):
    for name, tree in t.trees.items():
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom):
                continue
            source = _resolve(name, node.level, node.module, t.is_package(name))
            if source not in t.mods or source == name:
                continue
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    yield f"{t.where(name, node)}: imports {source}.{alias.name}"


def global_statements(t: Trees):
    for name, tree in t.trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Global):
                yield f"{t.where(name, node)}: global {', '.join(node.names)}"


def _classes(t: Trees) -> dict[str, tuple[str, ast.ClassDef, list[str]]]:
    """'module.Class' -> (module, node, its bases as dotted names)."""
    found = {}
    for name, tree in t.trees.items():
        aliases = _aliases(tree, name, t.is_package(name))
        local = {n.name for n in tree.body if isinstance(n, ast.ClassDef)}
        for node in tree.body:
            if not isinstance(node, ast.ClassDef):
                continue
            bases = []
            for base in node.bases:
                text = ast.unparse(base)
                head, _, rest = text.partition(".")
                if head in local and not rest:
                    bases.append(f"{name}.{head}")
                elif head in aliases:
                    bases.append(aliases[head] + (f".{rest}" if rest else ""))
                else:
                    bases.append(text)
            found[f"{name}.{node.name}"] = (name, node, bases)
    return found


def _canonical(dotted: str, classes: dict, t: Trees) -> str:
    """Follow re-exports: ``pkg.Name`` imported into ``pkg/__init__`` from ``pkg.mod``."""
    seen = set()
    while dotted not in classes and dotted not in seen:
        seen.add(dotted)
        module, _, attr = dotted.rpartition(".")
        if module not in t.trees:
            break
        target = _aliases(t.trees[module], module, t.is_package(module)).get(attr)
        if not target:
            break
        dotted = target
    return dotted


def exceptions_outside_roots(t: Trees):
    classes = _classes(t)

    def verdict(dotted: str, seen=()) -> str:
        """'root', 'exception' (an exception not under a root) or 'other'."""
        dotted = _canonical(dotted, classes, t)
        if dotted in ROOTS:
            return "root"
        if dotted in classes:
            if dotted in seen:
                return "other"
            results = {verdict(b, (*seen, dotted)) for b in classes[dotted][2]}
            return "root" if "root" in results else ("exception" if "exception" in results else "other")
        builtin = getattr(builtins, dotted, None)
        if isinstance(builtin, type) and issubclass(builtin, BaseException):
            return "exception"
        return "other"

    for dotted, (module, node, _bases) in sorted(classes.items()):
        if dotted in ROOTS or node.name.startswith("_"):
            continue
        if verdict(dotted) == "exception":
            yield f"{t.where(module, node)}: {node.name} is an exception outside the roots"


def _on_disk(dotted: str) -> bool:
    try:
        return importlib.util.find_spec(dotted) is not None
    except (ImportError, ValueError):
        return False


def _exists(dotted: str) -> bool:
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            # a module whose optional dependency is not installed (reasoning_gym,
            # inspect_ai) still exists: the rule is about names, not about installations
            if cut == len(parts) and _on_disk(dotted):
                return True
            continue
        for attr in parts[cut:]:
            if not hasattr(obj, attr):
                return False
            obj = getattr(obj, attr)
        return True
    return False


def unresolved_references(t: Trees):
    for name, tree in t.trees.items():
        for node in ast.walk(tree):
            if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            doc = ast.get_docstring(node, clean=False)
            if not doc:
                continue
            for match in _REFERENCE.finditer(doc):
                dotted = match.group(1).rstrip(".")
                if not _exists(dotted):
                    line = (node.body[0].lineno if node.body else 1) + doc[: match.start()].count("\n")
                    yield f"{t.mods[name].relative_to(t.root)}:{line}: names {dotted}, which does not exist"


def engine_name_literals(t: Trees):
    for name, tree in t.trees.items():
        if name == ENGINE_NAMES_HOME:
            continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
                words = {e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)}
                if _ENGINE_WORDS <= words:
                    yield f"{t.where(name, node)}: engine names spelt out (use {ENGINE_NAMES_HOME})"


def dataclasses_imports(t: Trees):
    for name, tree in t.trees.items():
        if name == VALUES_HOME:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                hit = any(a.name.split(".")[0] == "dataclasses" for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                hit = not node.level and (node.module or "").split(".")[0] == "dataclasses"
            else:
                continue
            if hit:
                yield f"{t.where(name, node)}: imports dataclasses (use {VALUES_HOME})"


RULES = (
    ("cross-module underscore imports", underscore_imports),
    ("global statements", global_statements),
    ("public exceptions outside the roots", exceptions_outside_roots),
    ("docstring references that do not resolve", unresolved_references),
    ("engine names spelt out outside their declaration", engine_name_literals),
    ("dataclasses imported outside the value-class module", dataclasses_imports),
)
