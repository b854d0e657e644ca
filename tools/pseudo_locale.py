"""The pseudo-locale ("pseudo"): every message of ``locale/*.pot`` accented and 40 % longer, so that a screen in it
shows at a glance which words were not translated (plain ASCII letters) and which text is clipped or overflows.

Made from the .pot files whenever it is needed, never committed: ``make site PSEUDO=1`` builds it into the site
(``?lang=pseudo``), and the browser tests serve it by their own routes (tests/browser/test_pseudo_locale.py).

    python -m tools.pseudo_locale "Ann builds the {building}."     show one message in the pseudo-locale
"""

from __future__ import annotations

import io
import math
import string
import sys

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from tools.messages import BOOT_SCRIPT, LOCALE

# Each ASCII letter's accented twin: a text that still shows a plain letter was not translated.
ACCENTED = dict(
    zip(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
        "áƀçđéƒĝĥíĵķĺɱñóþʠŕšŧúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓÞǪŔŠŦÚṼŴẊÝŽ",
        strict=True,
    )
)
# 40 % longer: translations often are (German runs about 30 % longer than English), and a layout must hold them.
GROWTH = 0.4
PAD = "·"
OPEN, CLOSE = "⟦", "⟧"


def pseudo(message: str) -> str:
    """``message`` with its letters accented, padded to 40 % longer and bracketed; ``str.format`` fields kept."""
    out = []
    for literal, field, spec, conversion in string.Formatter().parse(message):
        out.append("".join(ACCENTED.get(c, c) for c in literal).replace("{", "{{").replace("}", "}}"))
        if field is not None:
            out.append("{" + field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}")
    text = "".join(out)
    return OPEN + text + PAD * math.ceil(len(message) * GROWTH) + CLOSE


def catalog(domain: str) -> Catalog:
    with (LOCALE / f"{domain}.pot").open("rb") as f:
        template = read_po(f)
    out = Catalog(locale="en", domain=domain)  # English's plural rule: the forms are the msgid's two
    for m in template:
        if not m.id:
            continue
        translated = tuple(pseudo(i) for i in m.id) if isinstance(m.id, tuple) else pseudo(m.id)
        out.add(m.id, translated, context=m.context)
    return out


def boot_words() -> dict[str, str]:
    """The loading screen's words (web/boot.js's msgids in page.pot) in the pseudo-locale: its boot.json."""
    with (LOCALE / "page.pot").open("rb") as f:
        template = read_po(f)
    return {m.id: pseudo(m.id) for m in template if isinstance(m.id, str) and (BOOT_SCRIPT, None) in m.locations}


def compiled(domain: str) -> bytes:
    """The pseudo-locale's catalogue of ``domain`` as a .mo file."""
    data = io.BytesIO()
    write_mo(data, catalog(domain))
    return data.getvalue()


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        print(pseudo(arg))
