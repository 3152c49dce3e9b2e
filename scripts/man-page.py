#!/usr/bin/env python3
"""Turns the man page swift-argument-parser's generate-manual writes into one that lints clean
(`mandoc -T lint -W warning`, `groff -mandoc -ww`) and says what each exit status means.

The generator copies each command's help text into the page as it is: a blank line between
paragraphs (a warning: "blank line in fill mode"), several sentences on one line ("new sentence,
new line"), the indented example lines as text, and only `.Ex -std` ("exits 0 on success, and >0
if an error occurs") in EXIT STATUS. This keeps the help text the one source and fixes its form:
paragraphs become `.Pp`, each sentence starts a line, indented lines become a literal display, and
the root command's "Exit status:" list (code, then meaning) moves into EXIT STATUS as a tagged list.

Usage: scripts/man-page.py GENERATED.1 > carereport.1
"""
import re
import sys

SENTENCE_END = re.compile(r'(?<=[a-z0-9)"\'][.!?]) +(?=[A-Z(])|(?<=[.!?][)"\']) +(?=[A-Z(])')
BLOCK_BREAKERS = (".It", ".El", ".Sh", ".Ss", ".Bl", ".Pp")


def text_line(line):
    """A line of running text: sentences on lines of their own, none starting like a macro."""
    out = []
    for sentence in SENTENCE_END.split(line):
        if sentence.startswith((".", "'")):
            sentence = "\\&" + sentence
        out.append(sentence)
    return out


def indented(line):
    return line.startswith("  ") or line.startswith("\\&  ")


def unindent(line):
    return line[2:].lstrip(" ") if line.startswith("\\&") else line.lstrip(" ")


def convert(lines):
    out, exit_codes = [], []
    index = 0
    in_root_description = False
    while index < len(lines):
        line = lines[index]
        if line.startswith(".Sh"):
            in_root_description = line == ".Sh DESCRIPTION"
        elif line.startswith(".It"):
            in_root_description = False
        if line.startswith("."):
            out.append(line)
            index += 1
            continue
        if line.strip() == "":
            out.append(".Pp")
            index += 1
            continue
        if in_root_description and line.strip() == "Exit status:" and index + 1 < len(lines) and indented(lines[index + 1]):
            index += 1
            while index < len(lines) and indented(lines[index]):
                code, meaning = unindent(lines[index]).split(None, 1)
                exit_codes.append((code, meaning))
                index += 1
            if out and out[-1] == ".Pp":
                out.pop()
            continue
        if indented(line):
            out.append(".Bd -literal -offset indent")
            while index < len(lines) and indented(lines[index]):
                literal = unindent(lines[index])
                out.append(("\\&" if literal.startswith((".", "'")) else "") + literal)
                index += 1
            out.append(".Ed")
            continue
        out.extend(text_line(line))
        index += 1
    return tidy(out), exit_codes


def tidy(lines):
    """No `.Pp` where mdoc ignores it: first in a section or item, twice, before a list or display, or before .It/.El/.Sh."""
    result = []
    for position, line in enumerate(lines):
        if line == ".Pp":
            following = lines[position + 1] if position + 1 < len(lines) else ".Sh"
            previous = result[-1] if result else ".Sh"
            if following.startswith(BLOCK_BREAKERS) or previous.startswith((".Sh", ".Ss", ".It", ".Pp", ".Bl")):
                continue
            if following.startswith(".Bd"):
                continue
        result.append(line)
    return result


def with_exit_status(lines, codes):
    if not codes:
        return lines
    result = []
    for line in lines:
        result.append(line)
        if line == ".Ex -std":
            result.append(".Pp")
            result.append("The exit status says what went wrong:")
            result.append(".Bl -tag -width Ds")
            for code, meaning in codes:
                result.append(f".It {code}")
                result.extend(text_line(meaning[0].upper() + meaning[1:] + "."))
            result.append(".El")
    return result


def main():
    source = open(sys.argv[1], encoding="utf-8").read() if len(sys.argv) > 1 else sys.stdin.read()
    lines, codes = convert(source.split("\n"))
    if not codes:
        sys.exit("man-page.py: no 'Exit status:' list in the root command's help")
    sys.stdout.write("\n".join(with_exit_status(lines, codes)))


if __name__ == "__main__":
    main()
