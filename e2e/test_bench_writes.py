"""bench/latency.py --writes in Chromium: its MutationObserver (bench/latency_page.py
WRITES_JS) counts every write and tells a write that changed nothing from one that did,
in whatever order a batch of records comes."""

from __future__ import annotations

from bench.latency_page import READ_WRITES_JS, WRITES_JS

PAGE = '<p id="p" class="line" hidden>one</p><button id="b">Go</button>'


def test_the_writes_probe_counts_the_writes_that_changed_nothing(page):
    page.set_content(PAGE)
    page.evaluate(WRITES_JS)
    page.evaluate("""() => {
      const p = document.getElementById('p'), b = document.getElementById('b');
      p.hidden = true;            // the value it had
      p.textContent = 'one';      // the same text: a new text node all the same
      p.textContent = 'two';      // a change
      b.disabled = true;          // a change, then twice the value it has
      b.disabled = true;
      b.disabled = true;
      b.setAttribute('data-x', 'a');  // a change, the same, then a change: in one batch,
      b.setAttribute('data-x', 'a');  // so the second is told by the third's old value,
      b.setAttribute('data-x', 'b');  // not by what the node holds once they are read
    }""")
    page.wait_for_timeout(50)  # (the observer's records come after the task)
    writes = page.evaluate(READ_WRITES_JS)
    assert writes == {
        "attr hidden P#p.line": [1, 1],
        "child P#p.line +1 -1": [2, 1],
        "attr disabled BUTTON#b": [3, 2],
        "attr data-x BUTTON#b": [3, 1],
    }
