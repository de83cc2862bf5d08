"""How graft_client's modules depend on each other.

They import each other without a cycle, counting every import: at module level, under
``if TYPE_CHECKING:`` and inside function bodies (a cycle held apart only by where the import
sits is still one concept split across modules that need each other). Local state and sync do
not import the layers above them, and no module reads another object's private attributes.
"""

from __future__ import annotations

import ast
from pathlib import Path

import graft_client

PACKAGE = "graft_client"
ROOT = Path(graft_client.__file__).parent


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    base = module.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - node.level + 1]
    return ".".join([*base, *([node.module] if node.module else [])])


def imported(path: Path, modules: set[str]) -> set[str]:
    """The graft_client modules ``path`` imports anywhere in its body."""
    module = module_name(path)
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(module, path.name == "__init__.py", node)
            names = [f"{base}.{alias.name}" for alias in node.names] + [base]
        for name in names:
            # ``from pkg import mod`` names a module; ``from mod import func`` names its module.
            while name and name not in modules:
                name = name.rpartition(".")[0]
            if name.startswith(PACKAGE) and name != module:
                found.add(name)
    # A package's __init__ runs before any of its modules: importing a module imports its
    # parents, which is not an edge of its own.
    return {name for name in found if not module.startswith(name + ".")}


def import_graph() -> dict[str, set[str]]:
    paths = sorted(ROOT.rglob("*.py"))
    modules = {module_name(path) for path in paths}
    return {module_name(path): imported(path, modules) for path in paths}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle as [a, b, ..., a], or None (iterative depth-first search)."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    for root in sorted(graph):
        if root in state:
            continue
        path: list[str] = [root]
        todo = [iter(sorted(graph[root]))]
        state[root] = 1
        while todo:
            nxt = next(todo[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                todo.pop()
            elif state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            elif nxt not in state:
                state[nxt] = 1
                path.append(nxt)
                todo.append(iter(sorted(graph.get(nxt, ()))))
    return None


def format_graph(graph: dict[str, set[str]]) -> str:
    return "".join(f"{name} -> {', '.join(sorted(deps)) or '-'}\n" for name, deps in graph.items())


def test_graft_client_has_no_import_cycle() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_storage_and_sync_import_nothing_above_them() -> None:
    """Local state knows nothing of sync; sync knows nothing of the front (Client, Volume ...)."""
    allowed = {
        "graft_client.storage": ("graft_client.storage",),
        "graft_client.sync": (
            "graft_client.sync",
            "graft_client.storage",
            "graft_client.remote",
            "graft_client.direct",
        ),
        # Direct mode runs the servers' storage cores in process, and nothing of the client.
        "graft_client.direct": ("graft_client.direct",),
    }
    wrong = [
        f"{module} -> {dep}"
        for module, deps in import_graph().items()
        for layer, below in allowed.items()
        if module == layer or module.startswith(layer + ".")
        for dep in deps
        if not any(dep == ok or dep.startswith(ok + ".") for ok in below)
    ]
    assert wrong == []


def private_reads(path: Path) -> list[str]:
    """``x._name`` where ``x`` is not ``self`` or ``cls``: a reach into another object."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if not isinstance(node, ast.Attribute) or not node.attr.startswith("_"):
            continue
        own = isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")
        if not own and not node.attr.startswith("__"):
            found.append(f"{path.relative_to(ROOT.parent)}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_module_reads_another_objects_private_attributes() -> None:
    assert [hit for path in sorted(ROOT.rglob("*.py")) for hit in private_reads(path)] == []


def test_the_cycle_finder_finds_a_cycle_through_type_checking_imports() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
