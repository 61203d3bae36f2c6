// quicktype's Rust target, rendering with the protocol's renderer.
import { getOptionValues, RustTargetLanguage, rustOptions, type RenderContext, type RustRenderer } from "quicktype-core";
import { ProtocolRustRenderer, type RustPass } from "./renderer.js";

export class ProtocolRustTargetLanguage extends RustTargetLanguage {
  constructor(private readonly pass: RustPass) {
    super();
  }

  protected override makeRenderer(renderContext: RenderContext, untypedOptionValues: Record<string, unknown>): RustRenderer {
    return new ProtocolRustRenderer(this, renderContext, getOptionValues(rustOptions, untypedOptionValues), this.pass);
  }
}
