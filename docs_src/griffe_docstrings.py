"""A Griffe extension for the documentation site (mkdocs.yml): the package's docstrings,
written for ``help()`` and doctest (reST-flavoured plain text), read as Markdown.

* A doctest (``>>>`` lines, their continuation and their output) becomes a fenced
  ``pycon`` block, so that its output (``['R0-1 R1-3']``) is not read as a Markdown link.
* Sphinx roles (``:func:`pachisi.legal_plays```, ``:class:`~pachisi.Position```)
  become code spans.
"""

from __future__ import annotations

import re
from typing import Any

from griffe import Extension, Object

_ROLE = re.compile(r":(?:py:)?(?:func|class|meth|attr|mod|data|exc|obj|const):`~?([^`]+)`")


def markdown(text: str) -> str:
    """The docstring ``text`` with its doctests fenced and its roles as code spans."""
    out: list[str] = []
    in_doctest = False
    indent = ""
    in_fence = False
    for line in text.splitlines():
        stripped = line.lstrip()
        if not in_doctest and (in_fence or stripped.startswith("```")):
            if stripped.startswith("```"):
                in_fence = not in_fence
            out.append(line)
            continue
        if not in_doctest and stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            if out and out[-1].strip():
                out.append("")
            out.append(f"{indent}```pycon")
            in_doctest = True
        elif in_doctest and not stripped:
            out.append(f"{indent}```")
            in_doctest = False
        if in_doctest:
            out.append(line)
        else:
            out.append(_ROLE.sub(r"`\1`", line).replace("``", "`"))
    if in_doctest:
        out.append(f"{indent}```")
    return "\n".join(out)


class DocstringsAsMarkdown(Extension):
    """Rewrite every docstring with :func:`markdown` as Griffe loads it."""

    def on_instance(self, *, obj: Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown(obj.docstring.value)
