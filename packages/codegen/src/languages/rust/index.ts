// The Rust bindings: a crate of serde types for every protocol type, with
// the method registry as types.
import { HEADER_LINES, type LanguageBindings } from "../../language.js";
import { LICENSE_TEXT } from "../../publishing.js";
import { runQuicktype } from "../../quicktype.js";
import { cargoManifest, crateRoot } from "./crate.js";
import { methodsModule } from "./methods.js";
import { patternAliases } from "./patterns.js";
import { PresenceModule } from "./presence-module.js";
import { crateReadme } from "./readme.js";
import { ProtocolRustTargetLanguage } from "./target.js";
import { typeRegistryModule } from "./type-registry.js";

export const rustBindings: LanguageBindings = {
  directory: "rust",
  async generate(model) {
    const patterns = patternAliases(model);
    const presence = new PresenceModule(patterns);
    const language = new ProtocolRustTargetLanguage({ model, presence, patterns });
    const types = await runQuicktype(model.view, { language, rendererOptions: { "derive-partial-eq": true }, leadingComments: HEADER_LINES });
    return new Map([
      ["Cargo.toml", cargoManifest()],
      ["LICENSE", LICENSE_TEXT],
      ["README.md", crateReadme(model)],
      ["src/lib.rs", crateRoot()],
      ["src/types.rs", `${types.trimEnd()}\n`],
      ["src/presence.rs", presence.render()],
      ["src/methods.rs", methodsModule(model.methods)],
      ["src/type_registry.rs", typeRegistryModule(model, patterns)],
    ]);
  },
};
