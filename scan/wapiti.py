"""Debian's wapiti 3.0.4 under Python 3.11: its exclusion patterns (-x) put the regex flags at the end, which
Python 3.11 refuses ("global flags not at the start"). This runs wapiti with that one function corrected."""
import re
import sys

import wapitiCore.net.crawler as crawler


def wildcard_translate(pattern):
    return re.compile("(?ms)" + "".join(".*" if c == "*" else re.escape(c) for c in pattern) + r"\Z")


crawler.wildcard_translate = wildcard_translate

from wapitiCore.main.wapiti import wapiti_main  # noqa: E402

sys.argv[0] = "wapiti"
sys.exit(wapiti_main())
