#!/usr/bin/env python3
"""The judged set: reads and writes Scripts/review/verdicts.tsv, and turns judged review files
into its rows.

    Scripts/review/verdicts.py add CORPUS JUDGED.md... >> Scripts/review/verdicts.tsv

A row is app, commit, path (relative to the app), line, rule, verdict (TP, FP, DEBATABLE), round
(when it was judged) and a one-line reason. The apps' code is never kept, only these rows.
Standard library only."""
import os, re, sys

COLUMNS = ["app", "commit", "path", "line", "rule", "verdict", "round", "reason"]


def finding_key(app, path, line, rule):
    return (app, path, int(line), rule)


def relative(corpus, app, path):
    root = os.path.join(os.path.abspath(corpus), app) + "/"
    path = os.path.abspath(path) if os.path.isabs(path) else path
    if path.startswith(root): return path[len(root):]
    # An app checked from another folder (held-out apps live beside the corpus).
    marker = "/" + app + "/"
    return path.split(marker, 1)[1] if marker in path else path


def read_verdicts(tsv, round_name=None):
    """{key: row dict}; the last row for a key wins (a verdict judged again). With `round_name`,
    only that round's rows: what a finding was judged then, whatever a later round said."""
    rows = {}
    for line in open(tsv):
        if line.startswith("#") or not line.strip(): continue
        values = line.rstrip("\n").split("\t")
        row = dict(zip(COLUMNS, values + [""] * (len(COLUMNS) - len(values))))
        if round_name and row["round"] != round_name: continue
        rows[finding_key(row["app"], row["path"], row["line"], row["rule"])] = row
    return rows


def commit_of(corpus, app):
    try: return open(os.path.join(corpus, app + ".commit")).read().strip()
    except OSError: return ""


def rows_from_review(corpus, files, round_name):
    corpus = os.path.abspath(corpus) + "/"
    verdict = re.compile(r"verdict:\s*\**\s*(TP|FP|DEBATABLE)\b\**\s*[-—:–]*\s*(.*)", re.I)
    for name in files:
        current = None
        for line in open(name):
            m = re.match(r"### (\S+) #\d+ — (.+):(\d+):(\d+)\s*$", line)
            if m:
                rule, path, number = m.group(1), m.group(2), m.group(3)
                rel = path[len(corpus):] if path.startswith(corpus) else path
                app, _, inner = rel.partition("/")
                current = (app, inner, number, rule)
                continue
            m = verdict.match(line.strip())
            if m and current:
                app, inner, number, rule = current
                reason = " ".join(m.group(2).split()).replace("\t", " ")
                yield [app, commit_of(corpus, app), inner, number, rule, m.group(1).upper(), round_name, reason]
                current = None


if __name__ == "__main__":
    if len(sys.argv) < 4 or sys.argv[1] != "add":
        sys.exit(__doc__)
    corpus, round_name = sys.argv[2], os.environ.get("REVIEW_ROUND", "before")
    for row in rows_from_review(corpus, sys.argv[3:], round_name):
        print("\t".join(row))
