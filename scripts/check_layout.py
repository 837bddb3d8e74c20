"""List the import circles, the module sizes and the breaches of the house rules of the
project's packages (``layout_rules.py``: underscore names taken from another module, ``global``
statements, exceptions outside the two roots, docstring references that do not resolve,
engine names spelt out, ``dataclasses`` imported outside ``smcdel_bridge.values``); fail
on any.

Every ``import`` counts, at module level or inside a function (a circle hidden in a function
is still a circle in the design), except those under ``if TYPE_CHECKING:``. A circle is a
strongly connected component of the module graph with more than one module. Run it as
``python scripts/check_layout.py [--max-lines N]``; exit 1 on a circle, an oversized module
or a breach.
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import layout_rules  # noqa: E402  (beside this script)

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("smcdel_bridge", "pyfront")


def modules() -> dict[str, Path]:
    found = {}
    for pkg in PACKAGES:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST, name: str, is_package: bool):
    """Yield every module name imported below ``tree`` (relative imports resolved)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")
                base = base if is_package else base[:-1]
                base = base[: len(base) - (node.level - 1)]
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            yield prefix
            for alias in node.names:
                yield f"{prefix}.{alias.name}"
        stack.extend(ast.iter_child_nodes(node))


def graph(mods: dict[str, Path]) -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {}
    for name, path in mods.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        targets = set()
        for imported in _imports(tree, name, path.name == "__init__.py"):
            if imported in mods and imported != name:
                targets.add(imported)
        edges[name] = targets
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components with more than one member."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0

    def visit(start: str):
        nonlocal counter
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))

    for name in sorted(edges):
        if name not in index:
            visit(name)
    return sorted(found)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-lines", type=int, default=400)
    parser.add_argument("--top", type=int, default=10, help="largest modules to list")
    args = parser.parse_args(argv)
    mods = modules()
    sizes = {name: len(path.read_text(encoding="utf-8").splitlines()) for name, path in mods.items()}
    found = circles(graph(mods))
    print(f"{len(mods)} modules, {sum(sizes.values())} lines")
    print(f"largest {args.top}:")
    for name, n in sorted(sizes.items(), key=lambda kv: (-kv[1], kv[0]))[: args.top]:
        print(f"  {n:5d}  {mods[name].relative_to(ROOT)}")
    over = {n: s for n, s in sizes.items() if s > args.max_lines}
    print(f"modules over {args.max_lines} lines: {len(over)}")
    for name, n in sorted(over.items()):
        print(f"  {n:5d}  {mods[name].relative_to(ROOT)}")
    print(f"import circles: {len(found)}")
    for component in found:
        print("  " + " <-> ".join(component))
    trees = layout_rules.Trees(mods, ROOT)
    breaches = 0
    for title, rule in layout_rules.RULES:
        lines = list(rule(trees))
        breaches += len(lines)
        print(f"{title}: {len(lines)}")
        for line in lines:
            print("  " + line)
    return 1 if over or found or breaches else 0


if __name__ == "__main__":
    sys.exit(main())
