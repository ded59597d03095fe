"""Checks an answer-ui block as answer-ui's own present_answer tool does, from the exported
contract alone (answer-ui-catalog.json), with the standard library and jsonschema.

It returns the same repair list as the TypeScript tools, [{"code", "path", "message"}], empty
when the block may be shown. It checks the JSON, the byte budget and the strict schema; the
contract's other rules (references, cycles, aligned series, ...) are left to the browser.

    python3 check_block.py [answer-ui-catalog.json] < blocks.jsonl

reads one block per line (an object, or its JSON text as a string) and writes its repair list.
"""

import json
import math
import re
import sys
from pathlib import Path

from jsonschema import Draft202012Validator, ValidationError, validators

CONTRACT = Path(__file__).resolve().parents[2] / "answer-ui-catalog.json"


def load_contract(path=CONTRACT):
    return json.loads(Path(path).read_text(encoding="utf-8"))


def _finite_number(checker, value):
    # JSON numbers are finite, but Python reads JSON text such as 1e999 as infinity.
    number = Draft202012Validator.TYPE_CHECKER.is_type(value, "number")
    return number and not _not_finite(value)


def _not_finite(value):
    return isinstance(value, float) and not math.isfinite(value)


def _ecma_pattern(validator, pattern, instance, schema):
    # JSON Schema patterns are ECMA-262: `$` ends the text; Python's also matches before a final
    # newline, which would let "q3\n" pass as a block_id.
    ends = pattern.endswith("$") and not pattern.endswith("\\$")
    python = pattern[:-1] + r"\Z" if ends else pattern
    if validator.is_type(instance, "string") and not re.search(python, instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


Validator = validators.extend(
    Draft202012Validator,
    validators={"pattern": _ecma_pattern},
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine("number", _finite_number),
)


def _pointer(path):
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def _at_fault(error):
    """Each (path, message) an error stands for: the contract's `error_paths`."""
    at = list(error.absolute_path)
    if "propertyNames" in error.absolute_schema_path:
        return [(at + [error.instance], f"element id: {_message(error)}")]
    if error.validator == "required":
        missing = [name for name in error.validator_value if name not in error.instance]
        return [(at + [name], f"missing required property {json.dumps(name)}") for name in missing]
    if error.validator == "additionalProperties" and error.validator_value is False:
        allowed = list(error.schema.get("properties", {}))
        return [
            (at + [key], f"unknown property {json.dumps(key)}; allowed: {', '.join(allowed)}")
            for key in error.instance
            if key not in allowed
        ]
    return [(at, _message(error))]


def _message(error):
    found = _describe(error.instance)
    if _not_finite(error.instance):
        return f"expected a finite number, found {found}"
    if error.validator == "not" and error.validator_value == {}:
        return f"not allowed here (this kind of field does not take it), found {found}"
    expected = json.dumps(error.validator_value, ensure_ascii=False)
    return f"expected {error.validator} {_shorten(expected)}, found {found}"


def _describe(value):
    if isinstance(value, dict):
        return f"an object of {len(value)} properties"
    if isinstance(value, list):
        return f"an array of {len(value)} items"
    if isinstance(value, str) and len(value) > 40:
        return f"a string of {len(value)} characters"
    return json.dumps(value, ensure_ascii=False)


def _shorten(text, limit=120):
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _code(error, path):
    """The contract's `error_codes` for present_answer, first match wins."""
    if error.validator == "maxProperties" and path == ["elements"]:
        return "too_many_nodes"
    if len(path) <= 2:
        return "invalid_envelope"
    if len(path) == 3 and path[2] == "type":
        return "unknown_component"
    if _not_finite(error.instance):
        return "non_finite"
    if error.validator == "additionalProperties":
        return "unknown_prop"
    return "invalid_prop"


def block_checker(contract):
    """A function from a block (an object, or its JSON text) to its repair list."""
    schema = contract["validation"]["present_answer"]["schema"]
    Validator.check_schema(schema)
    validator = Validator(schema)
    max_bytes = contract["limits"]["maxBlockBytes"]

    def check(value):
        # Measured as the browser measures it: the text as given, or compact JSON.
        text = value
        if not isinstance(value, str):
            text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > max_bytes:
            return [_error("too_large", "", f"block is {size} bytes of JSON; limit {max_bytes}")]
        if isinstance(value, str):
            try:
                value = json.loads(value)
            except ValueError as error:
                return [_error("invalid_json", "", f"not valid JSON: {error}")]
        errors = []
        for error in validator.iter_errors(value):
            for path, message in _at_fault(error):
                found = _error(_code(error, path), _pointer(path), message)
                # jsonschema reports missing properties once each, and each of those names them all.
                if (found["code"], found["path"]) not in {(e["code"], e["path"]) for e in errors}:
                    errors.append(found)
        return errors

    def check_safely(value):
        try:
            return check(value)
        except RecursionError:  # Python's own limit, far below what 100 KB of JSON can nest
            return [_error("too_deep", "", "input is nested too deeply to read")]

    return check_safely


def _error(code, path, message):
    return {"code": code, "path": path, "message": message}


def main():
    check = block_checker(load_contract(*sys.argv[1:2]))
    for line in sys.stdin:
        if line.strip():
            print(json.dumps(check(json.loads(line)), ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
