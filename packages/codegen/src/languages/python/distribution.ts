// What makes generated/python a pip-installable distribution: pyproject.toml
// (built by flit_core, which has no dependencies and leaves no build
// directories behind), the license, the PEP 561 marker and the version module.
import { PROTOCOL_VERSION } from "@app-server-protocol/types";
import { commentHeader } from "../../language.js";
import { LICENSE_ID, REPOSITORY_URL } from "../../publishing.js";

/** The distribution's name on an index (pip's name for it; the import package has its own). */
export const DISTRIBUTION_NAME = "app-server-protocol";
/** The distribution's version; the protocol's version is separate (`PROTOCOL_VERSION`). */
export const DISTRIBUTION_VERSION = "1.0.0";
/** Oldest Python the package is checked with (its syntax, by the bindings test). */
export const PYTHON_REQUIRES = "3.9";
/** The build backend, pinned so every build of the same sources is the same. */
export const BUILD_BACKEND = "flit_core==4.2.0";

const CLASSIFIERS = ["Programming Language :: Python :: 3", "Programming Language :: Python :: 3 :: Only", "Operating System :: OS Independent", "Typing :: Typed"];

/** `pyproject.toml`: static metadata only, so any PEP 517 front end (pip, build, uv) reads it without running code. */
export function pyprojectFile(importPackage: string): string {
  return `${commentHeader("#")}
[build-system]
requires = ["${BUILD_BACKEND}"]
build-backend = "flit_core.buildapi"

[project]
name = "${DISTRIBUTION_NAME}"
version = "${DISTRIBUTION_VERSION}"
description = "Bindings of the app-server protocol ${PROTOCOL_VERSION}: dataclasses, strict decoding and encoding, standard library only"
readme = "README.md"
license = "${LICENSE_ID}"
license-files = ["LICENSE"]
requires-python = ">=${PYTHON_REQUIRES}"
dependencies = []
keywords = ["app-server-protocol", "protocol-${PROTOCOL_VERSION}", "json", "dataclasses"]
classifiers = [
${CLASSIFIERS.map((classifier) => `  "${classifier}",`).join("\n")}
]

[project.urls]
Repository = "${REPOSITORY_URL}"
Schemas = "${REPOSITORY_URL}/tree/main/schemas"

[tool.flit.module]
name = "${importPackage}"
`;
}

/** `_version.py` (after the header): the distribution's and the protocol's versions, exported by the package. */
export function versionModule(): string {
  return `"""The version of this distribution and of the protocol it speaks."""

__version__ = "${DISTRIBUTION_VERSION}"
PROTOCOL_VERSION = "${PROTOCOL_VERSION}"
`;
}

/** `py.typed`: the PEP 561 marker that tells type checkers the package's annotations are its types. Empty, as the PEP has it. */
export const TYPED_MARKER = "";
