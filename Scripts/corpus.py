#!/usr/bin/env python3
"""Runs actorlint on checkouts of real repositories and checks that its fixes are safe.

    Scripts/corpus.py extract MIRROR_GIT_DIR CORPUS_DIR
    Scripts/corpus.py run CORPUS_DIR [--actorlint BIN] [--only owner/name] [--no-fix] ...

`run` expects each repository of Scripts/corpus-repos.txt at CORPUS_DIR/owner+name. For each one it
runs `actorlint check --format json --select all` (timed), then, on a scratch copy, `actorlint fix
--unsafe-fixes --select all` twice and checks every file the fix touched:
  - it parses (`swiftc -parse`) without more errors than the original;
  - the second fix run changes nothing (idempotent);
  - the diff stays on the lines the findings and their fix edits name;
  - files without a fixable finding are byte-identical.
It writes summary.md, summary.json and the raw actorlint output of every repository to --out.
See "Running actorlint on real code" in CONTRIBUTING.md. Standard library only.
"""

import argparse
import difflib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Mirrors FileDiscovery.skippedDirectories, so that files/lines count what actorlint reads.
SKIPPED_DIRECTORIES = {".build", "DerivedData", "Pods", "Carthage", ".git", ".swiftpm"}
# actorlint's exit codes that are answers, not crashes: clean, findings, some input not analysed.
EXPECTED_EXIT_CODES = {0, 1, 3}


def repo_dir_name(repo):
    return repo.replace("/", "+")


def read_repo_list(path):
    repos = []
    for line in Path(path).read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            repos.append(line)
    return repos


# --- extract --------------------------------------------------------------------------------

def extract(mirror, corpus):
    """Writes HEAD of a bare mirror to CORPUS/owner+name. Mirrors lack blobs of 4 MiB and more
    (and LFS content); `git archive` stops at the first missing blob, so those paths are left out."""
    mirror = Path(mirror)
    name = mirror.parent.name if mirror.name == "repo" else mirror.name
    destination = Path(corpus) / name
    git = ["git", f"--git-dir={mirror}"]
    tree = subprocess.run(git + ["ls-tree", "-r", "-z", "HEAD"], check=True, capture_output=True).stdout
    entries = []
    for record in tree.split(b"\0"):
        if record:
            meta, path = record.split(b"\t", 1)
            _, kind, sha = meta.split(b" ")
            if kind == b"blob":
                entries.append((sha.decode(), path.decode("utf-8", "surrogateescape")))
    check = subprocess.run(git + ["cat-file", "--batch-check"], check=True, capture_output=True,
                           input="".join(sha + "\n" for sha, _ in entries).encode()).stdout.decode()
    missing = {line.split()[0] for line in check.splitlines() if line.endswith(" missing")}
    excluded = [path for sha, path in entries if sha in missing]
    if destination.exists():
        shutil.rmtree(destination)
    destination.mkdir(parents=True)
    pathspec = ["."] + [f":(exclude,literal){path}" for path in excluded]
    archive = subprocess.Popen(git + ["archive", "HEAD", "--"] + pathspec, stdout=subprocess.PIPE)
    subprocess.run(["tar", "-x", "-C", str(destination)], stdin=archive.stdout, check=True)
    archive.stdout.close()
    if archive.wait() != 0:
        sys.exit(f"git archive failed for {mirror}")
    head = subprocess.run(git + ["rev-parse", "HEAD"], check=True, capture_output=True, text=True).stdout.strip()
    # Beside the checkout, not in it: the summary names the commit that was analysed.
    Path(corpus, name + ".commit").write_text(head + "\n")
    print(f"{destination}: {head}; left out {len(excluded)} missing blob(s): {', '.join(excluded) or '-'}")


# --- helpers --------------------------------------------------------------------------------

def swift_files(root):
    """Relative paths of the .swift files actorlint's discovery would find under root."""
    found = []
    for directory, subdirectories, files in os.walk(root):
        subdirectories[:] = sorted(d for d in subdirectories if d not in SKIPPED_DIRECTORIES)
        for name in files:
            if name.endswith(".swift") and os.path.isfile(os.path.join(directory, name)):
                found.append(os.path.relpath(os.path.join(directory, name), root))
    return sorted(found)


def line_count(data):
    """Lines as `wc -l` counts them, plus an unterminated last line."""
    return data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)


def snapshot(root, files):
    contents = {}
    for rel in files:
        try:
            contents[rel] = Path(root, rel).read_bytes()
        except OSError:
            contents[rel] = None
    return contents


def run_timed(command, timeout):
    """Runs command; returns (returncode or None on timeout, stdout, stderr, seconds)."""
    started = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = process.communicate(timeout=timeout)
        code = process.returncode
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)  # its own session: only what we started
        out, err = process.communicate()
        code = None
    return code, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"), time.monotonic() - started


def crash_of(step, code, err, timeout):
    """A crash record, or None when the exit code is one actorlint answers with."""
    if code is None:
        return {"step": step, "kind": "hang", "detail": f"killed after {timeout} s", "stderr": err[-4000:]}
    if code < 0:
        name = signal.Signals(-code).name if -code in signal.Signals._value2member_map_ else str(-code)
        return {"step": step, "kind": "signal", "detail": name, "stderr": err[-4000:]}
    if code not in EXPECTED_EXIT_CODES:
        return {"step": step, "kind": "exit", "detail": f"exit code {code}", "stderr": err[-4000:]}
    return None


def line_of_offset(data, offset):
    return data.count(b"\n", 0, offset) + 1


def swiftc_parse_errors(path):
    """(exit status, error count) of `swiftc -parse` on one file."""
    result = subprocess.run(["swiftc", "-parse", str(path)], capture_output=True, text=True, errors="replace")
    return result.returncode, sum(1 for line in result.stderr.splitlines() if ": error:" in line)


def changed_hunks(old, new, allowed):
    """The hunks of the diff old → new outside the `allowed` lines (1-based) of old, as
    (first, last, kind). An insertion sits between lines first and last. A diff may place an
    insertion or deletion anywhere within a run of repeated lines (a blank line before a new
    function, say); it counts as inside if any of those equivalent places is."""
    a, b = old.splitlines(keepends=True), new.splitlines(keepends=True)
    outside = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        if tag == "insert":
            places = {i1}
            inserted, i = b[j1:j2], i1
            while i > 0 and a[i - 1] == inserted[-1]:
                inserted, i = [a[i - 1]] + inserted[:-1], i - 1
                places.add(i)
            inserted, i = b[j1:j2], i1
            while i < len(a) and a[i] == inserted[0]:
                inserted, i = inserted[1:] + [a[i]], i + 1
                places.add(i)
            # Boundary i lies between (1-based) lines i and i + 1.
            if not any(place in allowed or place + 1 in allowed for place in places):
                outside.append((i1, i1 + 1, tag))
            continue
        windows = {(i1, i2)}
        if tag == "delete":
            low, high = i1, i2
            while low > 0 and a[low - 1] == a[high - 1]:
                low, high = low - 1, high - 1
                windows.add((low, high))
            low, high = i1, i2
            while high < len(a) and a[high] == a[low]:
                low, high = low + 1, high + 1
                windows.add((low, high))
        if not any(all(line in allowed for line in range(low + 1, high + 1)) for low, high in windows):
            outside.append((i1 + 1, i2, tag))
    return outside


# --- one repository -------------------------------------------------------------------------

class RepoRun:
    def __init__(self, repo, directory, options):
        self.repo = repo
        self.directory = Path(directory).resolve()
        self.options = options
        self.out = Path(options.out) / repo_dir_name(repo)
        self.out.mkdir(parents=True, exist_ok=True)
        self.result = {"repo": repo, "crashes": [], "violations": [], "rejections": []}

    def command(self, verb, *extra):
        # No results cache: every run analyses afresh (timed cold), and the scratch copies
        # carry no cache of the original's into the fix runs.
        return [self.options.actorlint, verb, *extra, "--select", "all", "--no-cache"]

    def relative(self, path, base):
        return os.path.relpath(path, base)

    def check(self):
        files = swift_files(self.directory)
        self.files = files
        self.original = snapshot(self.directory, files)
        lines = sum(line_count(data) for data in self.original.values() if data is not None)
        code, out, err, seconds = run_timed(self.command("check", str(self.directory), "--format", "json"),
                                            self.options.timeout)
        (self.out / "check.json").write_text(out)
        (self.out / "check.stderr").write_text(err)
        r = self.result
        r.update(files=len(files), lines=lines, check_seconds=round(seconds, 2), check_exit=code)
        crash = crash_of("check", code, err, self.options.timeout)
        if crash:
            r["crashes"].append(crash)
        try:
            report = json.loads(out)
        except ValueError:
            if not crash:
                r["crashes"].append({"step": "check", "kind": "output", "detail": "stdout is not JSON",
                                     "stderr": err[-4000:]})
            report = {"findings": [], "failures": [], "summary": {}}
        r["actorlint_files"] = report.get("summary", {}).get("files")
        self.findings = report["findings"]
        for finding in self.findings:
            finding["rel"] = self.relative(finding["path"], self.directory)
        per_rule = {}
        for finding in self.findings:
            per_rule[finding["rule"]] = per_rule.get(finding["rule"], 0) + 1
        r["findings"] = len(self.findings)
        r["findings_per_rule"] = dict(sorted(per_rule.items()))
        r["fixable"] = sum(1 for f in self.findings if f.get("fix"))
        r["failures"] = [{"path": self.relative(f["path"], self.directory), "reason": f["reason"]}
                         for f in report["failures"]]

    # Fix safety on a scratch copy.
    def fix(self):
        self.scratch = self.copy_to_scratch("")
        r = self.result
        try:
            first = self.fix_run(1, self.scratch)
            self.after_first = snapshot(self.scratch, self.files)
            changed = [rel for rel in self.files if self.after_first[rel] != self.original[rel]]
            r["fix_changed_files"] = len(changed)
            r["fix_seconds"] = first
            fixable = {rel for rel in changed if any(f["rel"] == rel and f.get("fix") for f in self.findings)}
            outside = {}
            for rel in changed:
                self.check_parse(rel)
                # A file without a fixable finding may change through a cascade (a manifest's
                # fix turns on default MainActor for its target): the replay decides.
                hunks = self.hunks_outside(rel, self.original[rel], self.after_first[rel], self.findings)
                if hunks or rel not in fixable:
                    outside[rel] = hunks
            if outside:
                self.check_pass_by_pass(outside)
            self.fix_run(2, self.scratch)
            after_second = snapshot(self.scratch, self.files)
            for rel in self.files:
                if after_second[rel] != self.after_first[rel]:
                    rules = self.rules_with_fixes(rel, self.after_first[rel])
                    self.violation("not-idempotent", rel, rules,
                                   "a second `actorlint fix` run changed the file again", text=self.after_first[rel])
        finally:
            if not self.options.keep_scratch:
                shutil.rmtree(self.scratch, ignore_errors=True)

    def copy_to_scratch(self, suffix):
        scratch_root = Path(self.options.scratch)
        scratch_root.mkdir(parents=True, exist_ok=True)
        scratch = scratch_root / (repo_dir_name(self.repo) + suffix)
        if scratch.exists():
            shutil.rmtree(scratch)
        subprocess.run(["cp", "-a", str(self.directory), str(scratch)], check=True)
        return scratch

    def fix_run(self, number, directory, *extra):
        code, out, err, seconds = run_timed(self.command("fix", str(directory), "--unsafe-fixes", *extra),
                                            self.options.timeout)
        (self.out / f"fix{number}.stderr").write_text(out + err)
        crash = crash_of(f"fix (run {number})", code, err, self.options.timeout)
        if crash:
            self.result["crashes"].append(crash)
        # `path: error: reason` lines: rejected fixes and files the fix run could not handle.
        prefix = str(directory) + "/"
        for line in err.splitlines():
            if line.startswith(prefix) and ": error: " in line:
                path, reason = line.split(": error: ", 1)
                rel = path[len(prefix):]
                if "fix" in reason and number == 1:
                    rules = sorted({f["rule"] for f in self.findings if f["rel"] == rel and f.get("fix")})
                    self.result["rejections"].append({"path": rel, "reason": reason, "rules": rules})
        return round(seconds, 2)

    def check_parse(self, rel):
        """The fixed file parses no worse than before."""
        rules = sorted({f["rule"] for f in self.findings if f["rel"] == rel and f.get("fix")}) or ["(a later pass)"]
        with tempfile.TemporaryDirectory() as temporary:
            original_copy = Path(temporary, os.path.basename(rel))
            original_copy.write_bytes(self.original[rel])
            before = swiftc_parse_errors(original_copy)
        after = swiftc_parse_errors(self.scratch / rel)
        if after[0] != 0 and (before[0] == 0 or after[1] > before[1]):
            self.violation("parse", rel, self.blame(rel, rules, "parse"),
                           f"`swiftc -parse` reports {after[1]} error(s) after the fix, {before[1]} before")

    def hunks_outside(self, rel, old, new, findings):
        """The hunks of old → new off the lines that `findings` (of old; with a fix or not) and
        their edits name, each with the rules of the nearest finding."""
        allowed = set()
        owner = {}
        for finding in (f for f in findings if f["rel"] == rel):
            first, last = finding["line"], finding["endLine"]
            for edit in (finding["fix"] or {"edits": []})["edits"]:
                first = min(first, line_of_offset(old, edit["start"]))
                last = max(last, line_of_offset(old, edit["end"]))
            for line in range(first, last + 1):
                allowed.add(line)
                owner.setdefault(line, set()).add(finding["rule"])
        hunks = []
        for first, last, kind in changed_hunks(old, new, allowed):
            nearest = min(owner, key=lambda line: min(abs(line - first), abs(line - last))) if owner else None
            hunks.append((first, last, kind, sorted(owner.get(nearest, ())), compress(sorted(allowed))))
        return hunks

    def check_pass_by_pass(self, outside):
        """`fix` goes on with what its own fixes made fixable (ruff does too), so a change off
        the findings `check` showed may be such a cascade. Replays the fix one pass at a time
        (`--passes 1`, then `check` again), on a second copy, and holds each pass to the
        findings of the text it started from; the last text must equal the one-run result."""
        replay = self.copy_to_scratch("-passes")
        try:
            before, findings = dict(self.original), self.findings
            for number in range(1, 11):
                self.fix_run(f"-pass{number}", replay, "--passes", "1")
                after = snapshot(replay, self.files)
                changed = [rel for rel in self.files if after[rel] != before[rel]]
                if not changed:
                    break
                for rel in changed:
                    if not any(f["rel"] == rel and f.get("fix") for f in findings):
                        self.violation("changed-without-findings", rel, [],
                                       f"pass {number}: the file had no fixable finding but the fix changed it")
                        continue
                    for first, last, kind, rules, allowed in self.hunks_outside(rel, before[rel], after[rel], findings):
                        self.violation("outside-ranges", rel, rules,
                                       f"pass {number}: lines {first}-{last} ({kind}) changed; the findings and edits "
                                       f"of that pass cover {allowed}")
                code, out, err, _ = run_timed(self.command("check", str(replay), "--format", "json"), self.options.timeout)
                try:
                    findings = json.loads(out)["findings"]
                except ValueError:
                    findings = []
                for finding in findings:
                    finding["rel"] = self.relative(finding["path"], replay)
                before = after
                self.result["cascade_passes"] = number
            for rel in outside:
                if before[rel] != self.after_first[rel]:
                    self.violation("passes-differ", rel, [], "fixing pass by pass ended elsewhere than one `fix` run")
        finally:
            shutil.rmtree(replay, ignore_errors=True)

    def blame(self, rel, rules, kind):
        """The rules that reproduce a parse violation alone (all candidates when none does)."""
        if len(rules) < 2:
            return rules
        guilty = []
        for rule in rules:
            path = self.scratch / rel
            path.write_bytes(self.original[rel])
            subprocess.run([self.options.actorlint, "fix", str(path), "--unsafe-fixes", "--select", rule, "--no-cache"],
                           capture_output=True, timeout=self.options.timeout)
            if kind == "parse" and swiftc_parse_errors(path)[0] != 0:
                guilty.append(rule)
        self.scratch.joinpath(rel).write_bytes(self.after_first[rel])
        return guilty or rules

    def rules_with_fixes(self, rel, text):
        """Rules with a fix in `text`, by checking it in place in the scratch copy."""
        path = self.scratch / rel
        current = path.read_bytes()
        path.write_bytes(text)
        code, out, _, _ = run_timed([self.options.actorlint, "check", str(path), "--format", "json", "--select", "all", "--no-cache"],
                                    self.options.timeout)
        path.write_bytes(current)
        try:
            return sorted({f["rule"] for f in json.loads(out)["findings"] if f.get("fix")})
        except ValueError:
            return []

    def violation(self, kind, rel, rules, detail, text=None):
        self.result["violations"].append({"kind": kind, "path": rel, "rules": rules, "detail": detail})


def compress(lines):
    """[1,2,3,7] → '1-3, 7'."""
    parts, start, previous = [], None, None
    for line in lines:
        if start is None:
            start = previous = line
        elif line == previous + 1:
            previous = line
        else:
            parts.append(f"{start}-{previous}" if start != previous else f"{start}")
            start = previous = line
    if start is not None:
        parts.append(f"{start}-{previous}" if start != previous else f"{start}")
    return ", ".join(parts) or "no lines"


# --- summary --------------------------------------------------------------------------------

def markdown(results, meta):
    out = ["# actorlint on real code", "",
           f"actorlint `{meta['actorlint_version']}` (commit {meta['commit']}), `check --format json --select all`; "
           f"fix safety: `fix --unsafe-fixes --select all` twice on a scratch copy. "
           f"Generated by `Scripts/corpus.py` on {meta['date']} ({meta['cores']} cores, shared).", "",
           "| repository | commit | files | lines | findings | fixable | not analysed | check wall s | fix wall s | crashes | fix violations | fixes rejected |",
           "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    total = {"files": 0, "lines": 0, "findings": 0, "fixable": 0}
    for r in results:
        if r.get("missing"):
            out.append(f"| {r['repo']} | not in the corpus directory | | | | | | | | | | |")
            continue
        for key in total:
            total[key] += r.get(key, 0)
        out.append(f"| {r['repo']} | {r.get('commit', '')[:9]} | {r['files']} | {r['lines']} | {r['findings']} | "
                   f"{r['fixable']} | {len(r['failures'])} | {r['check_seconds']} | {r.get('fix_seconds', '—')} | "
                   f"{len(r['crashes'])} | {len(r['violations']) if 'fix_seconds' in r else '—'} | "
                   f"{len(r['rejections']) if 'fix_seconds' in r else '—'} |")
    out.append(f"| **total** | | {total['files']} | {total['lines']} | {total['findings']} | {total['fixable']} | | | | | | |")
    rules = sorted({rule for r in results for rule in r.get("findings_per_rule", {})})
    present = [r for r in results if not r.get("missing")]
    out += ["", "## Findings per rule", ""]
    if rules:
        out.append("| rule | " + " | ".join(r["repo"].split("/")[1] for r in present) + " | total |")
        out.append("|---|" + "---:|" * (len(present) + 1))
        for rule in rules:
            counts = [r["findings_per_rule"].get(rule, 0) for r in present]
            out.append(f"| {rule} | " + " | ".join(str(c) for c in counts) + f" | {sum(counts)} |")
    silent = sorted(set(meta["rules"]) - set(rules))
    out += ["", f"Rules with no finding anywhere: {', '.join(silent) or 'none'}."]
    sections = [("Files not analysed", "failures", lambda x: f"`{x['path']}`: {x['reason']}"),
                ("Crashes", "crashes", lambda x: f"{x['step']}: {x['kind']} ({x['detail']})"),
                ("Fix-safety violations", "violations",
                 lambda x: f"{x['kind']} in `{x['path']}` [{', '.join(x['rules']) or 'no rule'}]: {x['detail']}"),
                ("Fixes rejected by the fixer", "rejections",
                 lambda x: f"`{x['path']}` [{', '.join(x['rules'])}]: {x['reason']}")]
    for title, key, render in sections:
        items = [(r["repo"], x) for r in present for x in r.get(key, [])]
        out += ["", f"## {title}", ""]
        out += [f"- {repo}: {render(x)}" for repo, x in items] or ["None."]
    return "\n".join(out) + "\n"


def actorlint_rules(actorlint):
    out = subprocess.run([actorlint, "rules", "--format", "json"], capture_output=True, text=True).stdout
    try:
        data = json.loads(out)
        rules = data if isinstance(data, list) else data.get("rules", [])
        return [rule["id"] for rule in rules]
    except (ValueError, KeyError, TypeError):
        return []


def run(options):
    repos = read_repo_list(options.repos)
    if options.only:
        repos = [repo for repo in repos if repo in options.only or repo_dir_name(repo) in options.only]
    options.actorlint = str(Path(options.actorlint).resolve())
    version = subprocess.run([options.actorlint, "--version"], capture_output=True, text=True).stdout.strip()
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    meta = {"actorlint_version": version, "commit": commit, "date": time.strftime("%Y-%m-%d"),
            "cores": os.cpu_count(), "rules": actorlint_rules(options.actorlint)}
    out = Path(options.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "meta.json").write_text(json.dumps(meta, indent=2) + "\n")
    results = []
    for repo in repos:
        directory = Path(options.corpus, repo_dir_name(repo))
        if not directory.is_dir():
            print(f"{repo}: not found at {directory}; skipped", file=sys.stderr)
            results.append({"repo": repo, "missing": True})
            continue
        print(f"{repo}: check", file=sys.stderr, flush=True)
        one = RepoRun(repo, directory, options)
        commit_file = Path(options.corpus, repo_dir_name(repo) + ".commit")
        one.result["commit"] = commit_file.read_text().strip() if commit_file.exists() else ""
        one.check()
        if not options.no_fix:
            print(f"{repo}: fix safety", file=sys.stderr, flush=True)
            one.fix()
        r = one.result
        # Written as each repository finishes, so a long run can be inspected while it goes on.
        (one.out / "result.json").write_text(json.dumps(r, indent=2) + "\n")
        print(f"{repo}: {r['files']} files, {r['lines']} lines, {r['findings']} findings, "
              f"{len(r['failures'])} not analysed, {len(r['crashes'])} crashes, "
              f"{len(r['violations'])} violations, {r['check_seconds']} s", file=sys.stderr, flush=True)
        results.append(r)
    (out / "summary.json").write_text(json.dumps({"meta": meta, "repos": results}, indent=2) + "\n")
    (out / "summary.md").write_text(markdown(results, meta))
    if options.markdown:
        Path(options.markdown).write_text(markdown(results, meta))
    print(f"wrote {out / 'summary.md'} and {out / 'summary.json'}", file=sys.stderr)
    bad = any(r.get("crashes") or r.get("violations") for r in results)
    return 1 if bad else 0


def summarize(options):
    """Rebuilds the summary from the result.json files of one or more --out directories (a
    repository re-run alone with --only into another directory replaces its earlier result)."""
    results, meta = {}, None
    for directory in options.results:
        if Path(directory, "meta.json").exists():
            meta = json.loads(Path(directory, "meta.json").read_text())
        elif Path(directory, "summary.json").exists():
            meta = json.loads(Path(directory, "summary.json").read_text())["meta"]
        for path in sorted(Path(directory).glob("*/result.json")):
            result = json.loads(path.read_text())
            results[result["repo"]] = result
    order = read_repo_list(options.repos)
    ordered = [results[repo] for repo in order if repo in results]
    text = markdown(ordered, meta)
    Path(options.markdown).write_text(text) if options.markdown else sys.stdout.write(text)
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    extract_parser = commands.add_parser("extract", help="write a fetched mirror's HEAD to CORPUS/owner+name")
    extract_parser.add_argument("mirror", help="bare git directory, e.g. /work/.mirror/owner+name/repo")
    extract_parser.add_argument("corpus", help="the corpus directory, outside every repository")
    run_parser = commands.add_parser("run", help="check and fix every repository of the list")
    run_parser.add_argument("corpus", help="directory holding owner+name checkouts")
    run_parser.add_argument("--actorlint", default=str(ROOT / ".build/release/actorlint"),
                            help="the binary to run (default: .build/release/actorlint)")
    run_parser.add_argument("--repos", default=str(ROOT / "Scripts/corpus-repos.txt"))
    run_parser.add_argument("--only", action="append", help="owner/name to run (repeatable)")
    run_parser.add_argument("--out", default=os.path.join(tempfile.gettempdir(), "actorlint-corpus-results"),
                            help="where summary.md, summary.json and raw output go")
    run_parser.add_argument("--markdown", help="also write the markdown summary here")
    run_parser.add_argument("--scratch", default=os.path.join(tempfile.gettempdir(), "actorlint-corpus-scratch"),
                            help="where the fix runs work on copies")
    run_parser.add_argument("--keep-scratch", action="store_true", help="keep the fixed copies for inspection")
    run_parser.add_argument("--no-fix", action="store_true", help="skip the fix-safety checks")
    run_parser.add_argument("--timeout", type=int, default=3600, help="seconds before a run counts as hung")
    summarize_parser = commands.add_parser("summarize", help="rebuild the summary from earlier runs' results")
    summarize_parser.add_argument("results", nargs="+", help="--out directories of earlier runs, later ones winning")
    summarize_parser.add_argument("--repos", default=str(ROOT / "Scripts/corpus-repos.txt"))
    summarize_parser.add_argument("--markdown", help="write the summary here instead of stdout")
    options = parser.parse_args()
    if options.command == "summarize":
        return summarize(options)
    if options.command == "extract":
        extract(options.mirror, options.corpus)
        return 0
    return run(options)


if __name__ == "__main__":
    sys.exit(main())
