#!/usr/bin/python3
"""Checks deploy/kubernetes/*.yaml against the Kubernetes API schema.

The schema is the one the official Kubernetes Python client (Debian package
python3-kubernetes) is generated from: every model class lists its fields and
their types. Each manifest, with the template word TOURNAMENT replaced as
run.sh does, must use only fields the schema knows, with values of the right
type, and set the fields the API requires. A misspelt key (`completion: 8`,
`resourceFieldRef.resources`) or a list where a map belongs fails here, where
a plain YAML parse would pass it.

usage: k8s_schema_check.py DEPLOY_KUBERNETES_DIR
"""
import re
import sys
from pathlib import Path

import yaml
import kubernetes.client as k8s

KINDS = {
    ("batch/v1", "Job"): k8s.V1Job,
    ("v1", "PersistentVolumeClaim"): k8s.V1PersistentVolumeClaim,
    ("v1", "ConfigMap"): k8s.V1ConfigMap,
}
# Fields the API server requires although the client's models allow None.
REQUIRED = {
    "V1Container": ["name"],
    "V1Volume": ["name"],
    "V1VolumeMount": ["name", "mount_path"],
    "V1EnvVar": ["name"],
    "V1ResourceFieldSelector": ["resource"],
    "V1JobSpec": ["template"],
}


def check(value, type_name, where, errors):
    """Appends to errors every place where value does not fit type_name."""
    if value is None:
        return
    m = re.fullmatch(r"list\[(.+)\]", type_name)
    if m:
        if not isinstance(value, list):
            errors.append(f"{where}: a list expected, found {type(value).__name__}")
            return
        for i, item in enumerate(value):
            check(item, m.group(1), f"{where}[{i}]", errors)
        return
    m = re.fullmatch(r"dict\((.+), (.+)\)", type_name)
    if m:
        if not isinstance(value, dict):
            errors.append(f"{where}: a map expected, found {type(value).__name__}")
            return
        for key, item in value.items():
            check(item, m.group(2), f"{where}.{key}", errors)
        return
    if type_name == "str":
        if not isinstance(value, str):
            errors.append(f"{where}: a string expected, found {value!r}")
        return
    if type_name == "int":
        if not isinstance(value, int) or isinstance(value, bool):
            errors.append(f"{where}: an integer expected, found {value!r}")
        return
    if type_name == "bool":
        if not isinstance(value, bool):
            errors.append(f"{where}: true or false expected, found {value!r}")
        return
    if type_name in ("object", "datetime"):
        return
    model = getattr(k8s, type_name, None)
    if model is None:
        errors.append(f"{where}: unknown schema type {type_name}")
        return
    if not isinstance(value, dict):
        errors.append(f"{where}: a {type_name} map expected, found {value!r}")
        return
    by_json_name = {json: attr for attr, json in model.attribute_map.items()}
    for key, item in value.items():
        attr = by_json_name.get(key)
        if attr is None:
            errors.append(f"{where}.{key}: no such field in {type_name}")
            continue
        check(item, model.openapi_types[attr], f"{where}.{key}", errors)
    for attr in REQUIRED.get(type_name, []):
        if model.attribute_map[attr] not in value:
            errors.append(f"{where}: {type_name} requires '{model.attribute_map[attr]}'")


def main():
    folder = Path(sys.argv[1])
    files = sorted(folder.glob("*.yaml"))
    if not files:
        print(f"no manifests in {folder}")
        return 1
    failures = 0
    for path in files:
        text = path.read_text().replace("TOURNAMENT", "demo")
        for n, doc in enumerate(yaml.safe_load_all(text)):
            if doc is None:
                continue
            model = KINDS.get((doc.get("apiVersion"), doc.get("kind")))
            errors = []
            if model is None:
                errors.append(f"apiVersion/kind {doc.get('apiVersion')}/{doc.get('kind')} not known to this check")
            else:
                check(doc, model.__name__, path.name, errors)
                name = (doc.get("metadata") or {}).get("name", "")
                if not re.fullmatch(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?", name) or len(name) > 63:
                    errors.append(f"{path.name}: metadata.name '{name}' is not a DNS label")
            for e in errors:
                print("FAIL", e)
            failures += bool(errors)
            print(("FAIL " if errors else "ok   ") + f"{path.name} document {n}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
