// `protocol.py`: every protocol type under its TypeScript name. Union base
// classes come first (internal unions' variant records derive from them),
// then quicktype's records and enums, then the union variants and the other
// declarations; annotations are not evaluated at import, so a type may name
// one declared further down.
import type { RenderedDeclarations } from "./renderer.js";

const IMPORTS = [
  "from __future__ import annotations",
  "",
  "from dataclasses import dataclass, field",
  "from enum import Enum",
  "from typing import Any, Dict, List, Literal, Optional, Union",
];

const FIELD_DEFAULT = [
  "",
  "",
  "def _field_default(record: str, wire: str) -> Any:",
  '    """The default of a field whose default is itself a protocol value, decoded when a dataclass needs it."""',
  "    from ._decode import field_default",
  "",
  "    return field_default(record, wire)",
];

export interface ModuleParts {
  unionBases: string[];
  declarations: RenderedDeclarations;
  unionVariants: string[];
  others: string[];
  /** Every public name, in any order. */
  names: string[];
}

/** Three or more blank lines collapse to two: skipped declarations leave gaps. */
function tidy(source: string): string {
  return `${source.replace(/\n{4,}/g, "\n\n\n").replace(/^\n+/, "").trimEnd()}\n`;
}

/** The `protocol.py` module body (after the header). */
export function protocolModule(parts: ModuleParts): string {
  const names = [...new Set(parts.names)].sort();
  return tidy(
    [
      '"""The types of the app-server protocol 1.0, under their TypeScript names.',
      "",
      "A dataclass per record, an ``Enum`` per string enumeration, a base class per",
      "union with a class per variant, and aliases for the other named types. Build",
      "them from JSON with ``app_server_protocol.decode``, and back with ``encode``.",
      '"""',
      "",
      ...IMPORTS,
      ...(parts.declarations.threeStateFields ? ["", "from ._codec import UNSET, Unset"] : []),
      ...(parts.declarations.decodedDefaults ? FIELD_DEFAULT : []),
      ...parts.unionBases,
      "",
      "",
      parts.declarations.lines,
      ...parts.unionVariants,
      ...parts.others,
      "",
      "",
      "__all__ = [",
      ...names.map((name) => `    ${JSON.stringify(name)},`),
      "]",
    ].join("\n"),
  );
}
