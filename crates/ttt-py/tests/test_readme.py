"""The README's Python: every `python` block of its section on the package runs, in order,
in one namespace, as a reader would paste them; their asserts are the checks."""

import pathlib
import re

README = pathlib.Path(__file__).resolve().parents[3] / "README.md"
SECTION = "## Learn and embed"


def python_blocks():
    text = README.read_text()
    start = text.index(SECTION)
    end = text.find("\n## ", start + len(SECTION))
    section = text[start : end if end != -1 else len(text)]
    return re.findall(r"```python\n(.*?)```", section, flags=re.S)


def test_the_readme_has_the_tour_and_the_tutorial():
    blocks = python_blocks()
    assert len(blocks) >= 5
    assert any("def max_value" in b for b in blocks)


def test_every_python_block_of_the_readme_runs(capsys):
    namespace = {"__name__": "readme"}
    for number, block in enumerate(python_blocks(), start=1):
        exec(compile(block, f"README.md, python block {number}", "exec"), namespace)
    printed = capsys.readouterr().out
    assert "O_X\n_X_\n_OX\n" in printed
    assert "minimax agrees with the solver on all 4520 positions" in printed
