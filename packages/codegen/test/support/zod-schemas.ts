// The schemas of @app-server-protocol/zod by the name it exports them under
// (`<Type>Schema`), as the zod tests look them up.
import * as zod from "@app-server-protocol/zod";
import * as z from "zod";

// Read as a plain record: `Object.entries` of the namespace itself would have
// the type checker build the union of every export's type, seconds of work.
const EXPORTS: Readonly<Record<string, unknown>> = zod;

/** Every export of the package that is a zod schema, by export name. */
export const SCHEMAS: ReadonlyMap<string, z.ZodType> = new Map(Object.entries(EXPORTS).flatMap(([name, value]): [string, z.ZodType][] => (value instanceof z.ZodType ? [[name, value]] : [])));

/** The schema of protocol type `type`; throws when the package exports none. */
export function schemaOf(type: string): z.ZodType {
  const schema = SCHEMAS.get(`${type}Schema`);
  if (schema === undefined) throw new Error(`@app-server-protocol/zod exports no ${type}Schema`);
  return schema;
}
