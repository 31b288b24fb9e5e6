#!/usr/bin/env python3
"""Precision and recall of TextLinks' phone numbers against libphonenumber.

Generates text with telephone numbers of every region libphonenumber supports
planted in international (`+44 20 7946 0958`) and E.164 (`+442079460958`)
form — example numbers of each region's fixed-line and mobile types, from
`phonenumbers` — among dates, times, prices, versions, IP addresses and plain
words (a word after each number or distractor: libphonenumber's matcher
misses a number that digits follow after a space); runs it through `Samples links --json --kinds phone`; and compares
with libphonenumber's `PhoneNumberMatcher(text, "ZZ", leniency=VALID)`
(international numbers need no default region). A TextLinks link counts as
right when libphonenumber found a number with the same range and the same
E.164 form. Prints precision and recall for the international and E.164
forms, and the first differences; exits 1 below 99 % precision or 97 % recall.

    pip install phonenumbers
    swift build --product Samples
    Scripts/phone-precision-recall.py [--paragraphs 2000] [--seed 1] [--samples PATH]
"""

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path

try:
    import phonenumbers
    from phonenumbers import Leniency, PhoneNumberFormat, PhoneNumberMatcher, PhoneNumberType
except ImportError:  # pragma: no cover
    print("phonenumbers is missing: pip install phonenumbers", file=sys.stderr)
    sys.exit(2)

ROOT = Path(__file__).resolve().parent.parent

DISTRACTORS = [
    "2024-01-15", "15.01.2024", "01/15/2024", "12:30", "23:59:59", "$1,234.56", "€ 5 551 234",
    "1 234 567 €", "v10.0.19041.1", "version 1.2.3.4", "192.168.0.1", "10.0.0.255:8080",
    "12.5%", "ISBN 978-3-16-148410-0", "3.14159265", "1999-2024", "2020 2021 2022",
]
WORDS = ["call", "or", "and", "see", "at", "the", "office", "mobile", "on", "tel", "fax", "then"]


def planted_numbers():
    numbers = []
    for region in sorted(phonenumbers.SUPPORTED_REGIONS):
        for kind in (PhoneNumberType.FIXED_LINE, PhoneNumberType.MOBILE):
            example = phonenumbers.example_number_for_type(region, kind)
            if example is not None and phonenumbers.is_valid_number(example):
                numbers.append(example)
    return numbers


def paragraph(rng: random.Random, numbers) -> str:
    pieces = []
    for _ in range(rng.randint(3, 8)):
        choice = rng.random()
        if choice < 0.35:
            number = rng.choice(numbers)
            style = rng.choice([PhoneNumberFormat.INTERNATIONAL, PhoneNumberFormat.E164])
            pieces.append(phonenumbers.format_number(number, style))
        elif choice < 0.65:
            pieces.append(rng.choice(DISTRACTORS))
        else:
            pieces.append(rng.choice(WORDS))
        # A word after each number or distractor: libphonenumber's matcher
        # takes in digits that follow after a space (`+98 21 2345 6789 23:59`
        # gives no match), which would make the oracle miss numbers.
        pieces.append(rng.choice(WORDS))
    return " ".join(pieces) + rng.choice([".", "", ";", ")"])


def textlinks(samples: str, text: str):
    result = subprocess.run(
        [samples, "links", "--json", "--kinds", "phone"], input=text.encode("utf-8"),
        capture_output=True, check=True)
    found = []
    for line in result.stdout.decode("utf-8").splitlines():
        if line.strip():
            item = json.loads(line)
            location, length = item["range"]
            found.append((location, location + length, item["target"].removeprefix("tel:")))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--paragraphs", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", help="the Samples executable (default: swift build's)")
    parser.add_argument("--show", type=int, default=10)
    args = parser.parse_args()
    samples = args.samples or str(Path(subprocess.run(
        ["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True,
        check=True).stdout.strip()) / "Samples")
    if not Path(samples).exists():
        print("no Samples executable at %s: swift build --product Samples" % samples,
              file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    numbers = planted_numbers()
    paragraphs = [paragraph(rng, numbers) for _ in range(args.paragraphs)]
    text = "\n".join(paragraphs)  # ASCII: code points are UTF-16 code units
    expected = set()
    for match in PhoneNumberMatcher(text, "ZZ", leniency=Leniency.VALID):
        if match.raw_string.startswith("+"):
            e164 = phonenumbers.format_number(match.number, PhoneNumberFormat.E164)
            expected.add((match.start, match.end, e164))
    found = {link for link in textlinks(samples, text) if text[link[0]] == "+"}
    right = expected & found
    precision = len(right) / len(found) if found else 1.0
    recall = len(right) / len(expected) if expected else 1.0
    print("phone-precision-recall: %d paragraphs (seed %d), %d example numbers of %d regions, "
          "libphonenumber %s" % (args.paragraphs, args.seed, len(numbers),
                                 len(phonenumbers.SUPPORTED_REGIONS), phonenumbers.__version__))
    print("international and E.164: libphonenumber %d, TextLinks %d, same %d: "
          "precision %.2f %%, recall %.2f %%" % (len(expected), len(found), len(right),
                                                precision * 100, recall * 100))
    for start, end, e164 in sorted(found - expected)[:args.show]:
        print("  only TextLinks:       %r -> %s" % (text[start:end], e164))
    for start, end, e164 in sorted(expected - found)[:args.show]:
        print("  only libphonenumber:  %r -> %s" % (text[start:end], e164))
    return 0 if precision >= 0.99 and recall >= 0.97 else 1


if __name__ == "__main__":
    sys.exit(main())
