#!/usr/bin/env python3
"""Writes Tests/TextLinksTests/Resources/libphonenumber-matcher.json: the inputs
of libphonenumber's PhoneNumberMatcherTest (Java) that read numbers with a
default region, with what libphonenumber finds in each at leniency VALID on
its real metadata (the `phonenumbers` package, whose version must be the one
Sources/TextLinks/Detection/PhoneMetadataTables.swift was generated from).

The inputs are copied from google/libphonenumber
java/libphonenumber/test/com/google/i18n/phonenumbers/PhoneNumberMatcherTest.java
(commit f7e3e88c92b905c8d6edb81f336dbe25edc05b52; the file is unchanged since
commit 58247207, v8.10.8), Copyright (C) 2011 The Libphonenumber Authors,
Apache License 2.0. Java's test runs on libphonenumber's test metadata; the
expectations here are the real metadata's, so they are computed, not copied.

    pip install phonenumbers==9.0.43
    Scripts/phone-matcher-cases.py
"""

import json
import re
import sys
from pathlib import Path

import phonenumbers
from phonenumbers import Leniency, PhoneNumberMatcher

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "Tests/TextLinksTests/Resources/libphonenumber-matcher.json"
TABLES = ROOT / "Sources/TextLinks/Detection/PhoneMetadataTables.swift"
NUMBER = "415-666-7777"

# findPossibleInContext and findValidInContext (used by doTestFindInContext).
POSSIBLE_CONTEXTS = [
    ("", ""), ("   ", "\t"), ("Hello ", ""), ("", " to call me!"),
    ("Hi there, call ", " to reach me!"), ("Hi there, call ", ", or don't"),
    ("Hi call", ""), ("", "forme"), ("Hi call", "forme"),
    ("It's cheap! Call ", " before 6:30"), ("Call ", " or +1800-123-4567!"),
    ("Call me on June 2 at", ""),
    ("As quoted by Alfonso 12-15 (2009), you may call me at ", ""),
    ("As quoted by Alfonso et al. 12-15 (2009), you may call me at ", ""),
    ("As I said on 03/10/2011, you may call me at ", ""), ("", ", 45 days a year"),
    ("", ";x 7246433"), ("Call ", "/x12 more"),
]
VALID_CONTEXTS = [
    ("It's only 9.99! Call ", " to buy"), ("Call me on 21.6.1984 at ", ""),
    ("Call me on 06/21 at ", ""), ("Call me on 21.6. at ", ""), ("Call me on 06/21/84 at ", ""),
]
# testMatchesWith* and the money and percentage tests: (test, contexts, number).
CONTEXT_TESTS = [
    ("testMatchesWithSurroundingLatinChars",
     [("abc", "def"), ("abc", ""), ("", "def"), ("\u00C9", ""), ("e\u0301", "")], NUMBER),
    ("testMatchesWithSurroundingLatinCharsAndLeadingPunctuation",
     [("abc", "def"), ("", "def"), ("", "\u00C9"), ("abc", ""), ("\u00C9", ""), ("\u00C9", "."),
      ("\u00C9", " def")], "+14156667777"),
    ("testMatchesWithSurroundingLatinCharsAndLeadingPunctuation",
     [("abc", "def"), ("", "def"), ("", "\u00C9"), ("abc", ""), ("\u00C9", ""), ("\u00C9", "."),
      ("\u00C9", " def")], "(415)6667777"),
    ("testMatchesWithSurroundingChineseChars",
     [("\u6211\u7684\u7535\u8BDD\u53F7\u7801\u662F", ""), ("", "\u662F\u6211\u7684\u7535\u8BDD\u53F7\u7801"),
      ("\u8BF7\u62E8\u6253", "\u6211\u5728\u660E\u5929")], NUMBER),
    ("testMatchesWithSurroundingPunctuation",
     [("My number-", ""), ("", ".Nice day."), ("Tel:", "."), ("Tel: ", " on Saturdays.")], NUMBER),
    ("testMoneyNotSeenAsPhoneNumber", [("$", ""), ("", "$"), ("\u00A3", ""), ("\u00A5", "")], NUMBER),
    ("testPercentageNotSeenAsPhoneNumber", [("", "%")], NUMBER),
    ("testPhoneNumberWithLeadingOrTrailingMoneyMatches", [("$20 ", ""), ("", " 100$")], NUMBER),
]
# The NumberTest arrays of testMatchesWithValidLeniency and testNonMatchesWithValidLeniency.
IMPOSSIBLE = [
    ("12345", "US"), ("23456789", "US"), ("234567890112", "US"), ("650+253+1234", "US"),
    ("3/10/1984", "CA"), ("03/27/2011", "US"), ("31/8/2011", "US"), ("1/12/2011", "US"),
    ("10/12/82", "DE"), ("650x2531234", "US"), ("2012-01-02 08:00", "US"),
    ("2012/01/02 08:00", "US"), ("20120102 08:00", "US"), ("2014-04-12 04:04 PM", "US"),
    ("2014-04-12 &nbsp;04:04 PM", "US"), ("2014-04-12  04:04 PM", "US"),
]
POSSIBLE_ONLY = [
    ("7121115678", "US"), ("1650 x 253 - 1234", "US"), ("650 x 253 - 1234", "US"),
    ("6502531x234", "US"), ("(20) 3346 1234", "GB"),
]
VALID = [
    ("65 02 53 00 00", "US"), ("6502 538365", "US"), ("650//253-1234", "US"),
    ("650/253/1234", "US"), ("9002309. 158", "US"), ("12 7/8 - 14 12/34 - 5", "US"),
    ("12.1 - 23.71 - 23.45", "US"), ("800 234 1 111x1111", "US"), ("1979-2011 100", "US"),
    ("+494949-4-94", "DE"), ("\uFF14\uFF11\uFF15\uFF16\uFF16\uFF16\uFF16-\uFF17\uFF17\uFF17", "US"),
    ("2012-0102 08", "US"), ("2012-01-02 08", "US"), ("1800-1-0-10 22", "AU"),
    ("030-3-2 23 12 34", "DE"), ("03 0 -3 2 23 12 34", "DE"), ("(0)3 0 -3 2 23 12 34", "DE"),
    ("0 3 0 -3 2 23 12 34", "DE"), ("+52 332 123 23 23", "MX"),
]
STRICT_GROUPING = [
    ("(415) 6667777", "US"), ("415-6667777", "US"), ("0800-2491234", "DE"),
    ("0900-1 123123", "DE"), ("(0)900-1 123123", "DE"), ("0 900-1 123123", "DE"),
    ("+33 3 34 2312", "FR"),
]
EXACT_GROUPING = [
    ("\uFF14\uFF11\uFF15\uFF16\uFF16\uFF16\uFF17\uFF17\uFF17\uFF17", "US"),
    ("\uFF14\uFF11\uFF15-\uFF16\uFF16\uFF16-\uFF17\uFF17\uFF17\uFF17", "US"), ("4156667777", "US"),
    ("4156667777 x 123", "US"), ("415-666-7777", "US"), ("415/666-7777", "US"),
    ("415-666-7777 ext. 503", "US"), ("1 415 666 7777 x 123", "US"), ("+1 415-666-7777", "US"),
    ("+494949 49", "DE"), ("+49-49-34", "DE"), ("+49-4931-49", "DE"), ("04931-49", "DE"),
    ("+49-494949", "DE"), ("+49-494949 ext. 49", "DE"), ("+49494949 ext. 49", "DE"),
    ("0494949", "DE"), ("0494949 ext. 49", "DE"), ("01 (33) 3461 2234", "MX"),
    ("(33) 3461 2234", "MX"), ("1800-10-10 22", "AU"), ("0900-1 123 123", "DE"),
    ("(0)900-1 123 123", "DE"), ("0 900-1 123 123", "DE"), ("+33 3 34 23 12", "FR"),
]


def utf16(text, index):
    return len(text[:index].encode("utf-16-le")) // 2


def target(number):
    """The E.164 form, and an extension as RFC 3966 writes it (`;ext=123`)."""
    e164 = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)
    return e164 + (";ext=" + number.extension if number.extension else "")


def case(group, test, text, region, planted):
    matches = [[utf16(text, m.start), utf16(text, m.end), target(m.number)]
               for m in PhoneNumberMatcher(text, region, leniency=Leniency.VALID)]
    return {"group": group, "test": test, "text": text, "region": region,
            "planted": planted, "libphonenumber": matches}


def main() -> int:
    version = re.search(r'static let version = "([^"]+)"', TABLES.read_text()).group(1)
    if version != phonenumbers.__version__:
        print("phonenumbers %s, but the tables are of %s: pip install phonenumbers==%s"
              % (phonenumbers.__version__, version, version), file=sys.stderr)
        return 2
    cases = []
    for test, contexts in (("findPossibleInContext", POSSIBLE_CONTEXTS),
                           ("findValidInContext", VALID_CONTEXTS)):
        for before, after in contexts:
            text = before + NUMBER + after
            cases.append(case("context", test, text, "US",
                              [utf16(text, len(before)), utf16(text, len(before) + len(NUMBER))]))
    for test, contexts, number in CONTEXT_TESTS:
        for before, after in contexts:
            text = before + number + after
            cases.append(case("context", test, text, "US",
                              [utf16(text, len(before)), utf16(text, len(before) + len(number))]))
    for test, numbers in (("testMatchesWithValidLeniency", STRICT_GROUPING + EXACT_GROUPING + VALID),
                          ("testNonMatchesWithValidLeniency", IMPOSSIBLE + POSSIBLE_ONLY)):
        for text, region in numbers:
            cases.append(case("number", test, text, region, [0, utf16(text, len(text))]))
    document = {
        "source": {
            "repository": "https://github.com/google/libphonenumber",
            "path": "java/libphonenumber/test/com/google/i18n/phonenumbers/PhoneNumberMatcherTest.java",
            "commit": "f7e3e88c92b905c8d6edb81f336dbe25edc05b52",
            "license": "Apache-2.0, Copyright (C) 2011 The Libphonenumber Authors",
            "note": "inputs copied; 'context' cases put a number (planted, UTF-16 range) in the "
                    "test's contexts, 'number' cases are the NumberTest arrays whole; "
                    "'libphonenumber' is what PhoneNumberMatcher(text, region, "
                    "leniency=VALID) finds on the real metadata (UTF-16 start, end, "
                    "E.164 form with ';ext=' and the extension if any), "
                    "by Scripts/phone-matcher-cases.py",
            "libphonenumber": phonenumbers.__version__,
        },
        "cases": cases,
    }
    # One case a line, so that a change shows as the lines it touches.
    lines = ['{"source": %s,' % json.dumps(document["source"], ensure_ascii=False), '"cases": [']
    lines += [json.dumps(c, ensure_ascii=False) + ("," if i + 1 < len(cases) else "")
              for i, c in enumerate(cases)]
    lines += ["]}"]
    OUTPUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("wrote %s: %d cases (phonenumbers %s)" % (OUTPUT.relative_to(ROOT), len(cases),
                                                 phonenumbers.__version__))
    return 0


if __name__ == "__main__":
    sys.exit(main())
