"""Reading HTML fragments the pages build, for the rules-page tests."""

import xml.etree.ElementTree as ET
from html.parser import HTMLParser

VOID = {"br", "hr", "img", "input", "meta", "link", "wbr", "col", "area", "source"}


class BalanceChecker(HTMLParser):
    """Every start tag is closed, in order (void elements aside)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.errors: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
        else:
            self.stack.pop()


def parse(fragment: str) -> ET.Element:
    return ET.fromstring(f"<root>{fragment}</root>")
