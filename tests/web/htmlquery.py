"""The page's markup as a tree, queried like ``querySelectorAll`` with the subset of CSS the page's model writes:
a tag or ``*``, ``#id``, ``.class``, ``[attr]`` and ``[attr="value"]``, ``:nth-child(n)``, the descendant and
child (``>``) combinators and comma lists. Anything else raises, so a selector is never half understood."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


@dataclass(eq=False)
class Node:
    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    parent: Node | None = None
    children: list[Node | str] = field(default_factory=list)

    @property
    def elements(self) -> list[Node]:
        return [c for c in self.children if isinstance(c, Node)]

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def position(self) -> int:
        """1-based, among the parent's elements (as :nth-child counts)."""
        assert self.parent is not None
        return self.parent.elements.index(self) + 1

    def walk(self) -> list[Node]:
        out = []
        for c in self.elements:
            out.append(c)
            out.extend(c.walk())
        return out

    def closest(self, selector: str) -> Node | None:
        node: Node | None = self
        while node is not None and node.tag != "#root":
            if any(_matches(node, chain) for chain in _parse(selector)):
                return node
            node = node.parent
        return None


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = self.node = Node("#root")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        child = Node(tag, {k: v or "" for k, v in attrs}, self.node)
        self.node.children.append(child)
        if tag not in VOID:
            self.node = child

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.node.children.append(Node(tag, {k: v or "" for k, v in attrs}, self.node))

    def handle_endtag(self, tag: str) -> None:
        node: Node | None = self.node
        while node is not None and node.tag != tag:
            node = node.parent
        assert node is not None and node.parent is not None, f"</{tag}> closes nothing open"
        self.node = node.parent

    def handle_data(self, data: str) -> None:
        self.node.children.append(data)


def parse(markup: str) -> Node:
    builder = _Builder()
    builder.feed(markup)
    builder.close()
    assert builder.node is builder.root, f"<{builder.node.tag}> left open"
    return builder.root


_SIMPLE = re.compile(
    r'(?P<tag>[a-z][\w-]*|\*)|#(?P<id>[\w-]+)|\.(?P<cls>[\w-]+)|\[(?P<attr>[\w-]+)(?:="(?P<value>[^"]*)")?\]'
    r"|:nth-child\((?P<nth>\d+)\)"
)
_COMBINATOR = re.compile(r"\s*>\s*|\s+")

Compound = list[re.Match[str]]
Chain = list[tuple[str, Compound]]  # (combinator before it: "" first, " " or ">"), left to right


def _parse(selector: str) -> list[Chain]:
    chains = []
    for part in selector.split(","):
        part, chain, pos, combinator = part.strip(), [], 0, ""
        while pos < len(part):
            compound: Compound = []
            while pos < len(part) and (m := _SIMPLE.match(part, pos)):
                compound.append(m)
                pos = m.end()
            if not compound:
                raise ValueError(f"selector {selector!r}: cannot read {part[pos:]!r}")
            chain.append((combinator, compound))
            if pos < len(part):
                m = _COMBINATOR.match(part, pos)
                if not m:
                    raise ValueError(f"selector {selector!r}: cannot read {part[pos:]!r}")
                combinator, pos = (">" if ">" in m.group() else " "), m.end()
        chains.append(chain)
    return chains


def _simple(node: Node, compound: Compound) -> bool:
    for m in compound:
        if m["tag"] and m["tag"] != "*" and node.tag != m["tag"]:
            return False
        if m["id"] and node.attrs.get("id") != m["id"]:
            return False
        if m["cls"] and m["cls"] not in node.classes:
            return False
        if m["attr"] and (
            m["attr"] not in node.attrs or (m["value"] is not None and node.attrs[m["attr"]] != m["value"])
        ):
            return False
        if m["nth"] and (node.parent is None or node.position() != int(m["nth"])):
            return False
    return True


def _matches(node: Node, chain: Chain) -> bool:
    combinator, compound = chain[-1]
    if node.tag == "#root" or not _simple(node, compound):
        return False
    if len(chain) == 1:
        return True
    rest = chain[:-1]
    parent = node.parent
    if combinator == ">":
        return parent is not None and _matches(parent, rest)
    while parent is not None:
        if _matches(parent, rest):
            return True
        parent = parent.parent
    return False


def select(root: Node, selector: str) -> list[Node]:
    """Every element under ``root`` the selector matches, in document order."""
    chains = _parse(selector)
    return [n for n in root.walk() if any(_matches(n, chain) for chain in chains)]
