"""The typed stubs installed with the package describe what the module has: every public name
of the module and of its classes is in the stubs, and everything the stubs promise exists."""

import ast
import pathlib

import ttt

PACKAGE = pathlib.Path(ttt.__file__).parent
# Names the stubs define for type checkers alone: aliases and the shapes of dicts.
TYPING_ONLY = {"Mark", "Cell", "ValueWord", "Status", "LevelName", "MoveAnalysis", "Analysis"}


def member_name(node):
    """The name a class body's statement defines, if it is a method or an annotated field."""
    if isinstance(node, ast.FunctionDef):
        return node.name
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return node.target.id
    return None


def stubs():
    """The module-level names of the stubs, and the members of each class."""
    tree = ast.parse((PACKAGE / "__init__.pyi").read_text())
    names, classes = set(), {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            names.add(node.name)
            classes[node.name] = {member_name(item) for item in node.body} - {None}
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets)
    return names, classes


def public(names):
    return {n for n in names if not n.startswith("_")}


def test_the_package_is_typed():
    assert (PACKAGE / "py.typed").exists()


def test_every_public_name_is_in_the_stubs_and_the_other_way_round():
    names, _ = stubs()
    runtime = public(dir(ttt)) - {"ttt"}  # the extension module inside the package
    assert runtime == public(names) - TYPING_ONLY
    assert "__version__" in names


def test_every_class_member_is_in_the_stubs_and_the_other_way_round():
    _, classes = stubs()
    for name, members in classes.items():
        if name in TYPING_ONLY:
            continue
        cls = getattr(ttt, name)
        runtime = public(set(vars(cls)))
        if issubclass(cls, BaseException):
            # The exceptions' own attribute is set on each instance.
            assert members == {"cell"} or members == set(), name
            continue
        assert runtime and runtime == public(members), name
        for member in members:
            assert hasattr(cls, member), f"{name}.{member}"
