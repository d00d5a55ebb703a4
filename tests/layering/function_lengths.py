#!/usr/bin/env python3
"""The length of every function defined in the host's sources (arbiter/**/*.cpp).

Usage: function_lengths.py ROOT [--limit N] [--top K]
  prints the functions of N lines or more (default 100), longest first, as
  "LINES path:line name", and exits 1 if there is one; --top K instead lists
  the K longest and exits 0.

The rule (a brace-matching scan, not a C++ parser):
- Comments, string and character literals (raw strings too) and preprocessor
  lines are blanked first, so braces in them do not count.
- A brace at the level of a namespace, `extern "C"`, class, struct, union or
  enum opens a scope that is scanned through: functions defined inside a class
  count one by one.
- Any other brace at that level opens a function body when the text before it
  (since the last `;`, `{` or `}` of that level) has a parameter list and ends
  with `)`, a `}` (a constructor's initializer list), a qualifier (const,
  noexcept, override, final, mutable) or a trailing return type; a brace
  after `=` (an initializer, a lambda held in a variable) is skipped whole.
- A function's length runs from the first line of its declaration (after the
  previous `;`, `{` or `}`) to its closing brace, both included: lambdas and
  local classes inside it are part of it.
"""
import argparse
import os
import re
import sys

SCOPE_RE = re.compile(r'^(template\s*<.*>\s*)?(inline\s+)?(namespace|extern|class|struct|union|enum)\b', re.S)
QUALIFIERS = ('const', 'noexcept', 'override', 'final', 'mutable')


def blank(text):
    """The text with comments, literals and preprocessor lines replaced by spaces (newlines kept)."""
    out = []
    i, n = 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if line_start and c == '#':
            j = i
            while j < n and (text[j] != '\n' or text[j - 1] == '\\'):
                j += 1
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
            continue
        if c == '\n':
            line_start = True
            out.append(c)
            i += 1
            continue
        if not c.isspace():
            line_start = False
        if text.startswith('//', i):
            j = text.find('\n', i)
            j = n if j < 0 else j
            out.append(' ' * (j - i))
            i = j
        elif text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
        elif c == 'R' and text.startswith('"', i + 1) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == '_')):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            if not m:
                out.append(c)
                i += 1
                continue
            end = text.find(')' + m.group(1) + '"', i)
            j = n if end < 0 else end + len(m.group(1)) + 2
            out.append('""' + re.sub(r'[^\n]', ' ', text[i + 2:j]))
            i = j
        elif c in '"\'':
            if c == "'" and i > 0 and text[i - 1].isalnum():  # a digit separator: 1'000'000
                out.append(' ')
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != '\n':
                j += 2 if text[j] == '\\' else 1
            j = min(j + 1, n)
            out.append(c + ' ' * (j - i - 2) + c if j - i >= 2 else text[i:j])
            i = j
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def opens_function(head):
    """Whether a brace after `head` (the text of its level since the last ; { or }) opens a function body."""
    h = ' '.join(head.split())
    if '(' not in h or SCOPE_RE.match(h):
        return False
    before_params = h[:h.index('(')]
    if '=' in before_params.replace('operator=', '').replace('==', '').replace('!=', '').replace('<=', '').replace('>=', ''):
        return False  # an initializer
    if h.endswith(')') or h.endswith('}'):
        return True
    last = re.split(r'[\s)]', h)[-1]
    if last in QUALIFIERS:
        return True
    return '->' in h[h.rindex(')'):] if ')' in h else False


def functions(path):
    """(first line, last line, name) of each function defined in the file."""
    with open(path, encoding='utf-8', errors='replace') as f:
        text = blank(f.read())
    found = []
    i, n = 0, len(text)
    head_start = 0  # where the text of the current level's statement begins
    saw_body_end = False  # the last } closed a function body (a `{` right after would be odd)

    def line_of(pos):
        return text.count('\n', 0, pos) + 1

    def match(pos):
        depth = 0
        for j in range(pos, n):
            if text[j] == '{':
                depth += 1
            elif text[j] == '}':
                depth -= 1
                if depth == 0:
                    return j
        return n - 1

    while i < n:
        c = text[i]
        if c == ';' or (c == '}'):
            head_start = i + 1
            i += 1
            continue
        if c != '{':
            i += 1
            continue
        head = text[head_start:i]
        if SCOPE_RE.match(' '.join(head.split())):
            head_start = i + 1  # scan through the scope
            i += 1
            continue
        end = match(i)
        if opens_function(head):
            first = head_start + (len(head) - len(head.lstrip()))
            name = ' '.join(head.split())
            name = name[:name.index('(')].split()[-1] if '(' in name else name
            found.append((line_of(first), line_of(end), name))
            head_start = end + 1
        # any other brace (an initializer, a lambda in a variable) is skipped
        # whole, its statement goes on to the `;`
        i = end + 1
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('root', help='the source tree (the folder holding arbiter/)')
    parser.add_argument('--limit', type=int, default=100)
    parser.add_argument('--top', type=int, default=0)
    args = parser.parse_args()
    rows = []
    base = os.path.join(args.root, 'arbiter')
    for folder, _, files in os.walk(base):
        for name in sorted(files):
            if not name.endswith('.cpp'):
                continue
            path = os.path.join(folder, name)
            for first, last, fn in functions(path):
                rows.append((last - first + 1, os.path.relpath(path, args.root), first, fn))
    rows.sort(key=lambda r: (-r[0], r[1], r[2]))
    if args.top:
        for lines, path, first, fn in rows[:args.top]:
            print(f'{lines:5} {path}:{first} {fn}')
        return 0
    long_ones = [r for r in rows if r[0] >= args.limit]
    for lines, path, first, fn in long_ones:
        print(f'{lines:5} {path}:{first} {fn}')
    if long_ones:
        print(f'{len(long_ones)} host functions of {args.limit} lines or more (split them into named parts)')
        return 1
    print(f'{len(rows)} host functions, the longest {rows[0][0] if rows else 0} lines (limit {args.limit})')
    return 0


if __name__ == '__main__':
    sys.exit(main())
