/**
 * Malformed inputs, generated from a route's zod schema (through its JSON Schema, input side) and
 * a valid request of the authorization matrix. Each case belongs to a family; "shallow" families
 * are refused at parsing by construction, "deep" ones (odd strings, prototype keys, extra fields,
 * odd but legal multipart) may pass and so reach the use cases and the database.
 */
import { type ZodType, z } from "zod";
import type { Random } from "./random.ts";

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  const?: unknown;
  items?: JsonSchema;
  maxLength?: number;
  minLength?: number;
  maximum?: number;
  enum?: unknown[];
  format?: string;
  required?: string[];
}

export interface Field {
  name: string;
  types: Set<string>;
  maxLength?: number;
  required: boolean;
  enum?: unknown[];
  /** An e-mail field (odd text there is only ever refused). */
  email: boolean;
}

/**
 * The top-level fields of a schema, with the JSON types each accepts. A body that is one of
 * several objects (a discriminated union) has the fields of them all, required where every one
 * requires it.
 */
export function fieldsOf(schema: ZodType | null): Field[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  const objects = json.properties ? [json] : (json.oneOf ?? json.anyOf ?? [json]);
  const props = new Map<string, JsonSchema[]>();
  for (const object of objects) {
    for (const [name, prop] of Object.entries(object.properties ?? {}))
      props.set(name, [...(props.get(name) ?? []), prop]);
  }
  return [...props].map(([name, alike]) => {
    const variants = alike.flatMap((prop) => prop.anyOf ?? [prop]);
    const types = new Set(variants.flatMap((v) => [v.type ?? "any"].flat()));
    const maxLength = variants.map((v) => v.maxLength).find((n) => n !== undefined);
    const email = variants.some((v) => v.format === "email");
    const choices = alike.map((prop) => prop.enum ?? ("const" in prop ? [prop.const] : undefined));
    const enumerated = choices.every((c) => c !== undefined) ? choices.flat() : undefined;
    const required = objects.every((object) => object.required?.includes(name));
    return { name, types, maxLength, required, enum: enumerated, email };
  });
}

export const SHALLOW = [
  "wrong-type",
  "missing-field",
  "too-long",
  "out-of-range",
  "array-for-scalar",
  "deep-nesting",
  "body-shape",
  "bad-json",
  "wrong-content-type",
  "broken-multipart",
  "huge-body",
  "junk-url",
] as const;
/** Families that may pass validation: invalid UTF-8 is decoded to U+FFFD, form decoding is lenient. */
export const DEEP = [
  "odd-strings",
  "prototype-keys",
  "extra-fields",
  "coercible",
  "odd-multipart",
  "invalid-utf8",
  "bad-form-encoding",
] as const;
export type Family = (typeof SHALLOW)[number] | (typeof DEEP)[number];

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array | string;
  family: Family;
  /** Which variant of the family, where it has several (broken multipart). */
  variant?: string;
  deep: boolean;
}

export interface FuzzTarget {
  method: string;
  /** The path with valid parameters filled in. */
  path: string;
  fields: Field[];
  /** A valid body as field values (empty for calls without input). */
  base: Record<string, unknown>;
  multipart: boolean;
  /** The path parameter, for routes like /download/:filename. */
  param?: { prefix: string };
}

const WRONG_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0.000001,
  1e308,
  -1e308,
  2 ** 53 + 1,
  "",
  " ",
  "NaN",
  "Infinity",
  "-Infinity",
  "1e999",
  "0x7fffffff",
  "٣",
  "null",
  "undefined",
  "[object Object]",
  [],
  [1, 2],
  {},
  { id: 1 },
  { $gt: "" },
  { toString: "x" },
];

const ODD_STRINGS = [
  "a\u0000b",
  "\u0000",
  "\ud800",
  "\udfff\ud800",
  "\u202eevil",
  "\u200b",
  "e\u0301\u0301\u0301",
  "😀👨‍👩‍👧",
  "'; DROP TABLE tickets;--",
  '" OR 1=1 --',
  "<script>alert(1)</script>",
  "../../../../etc/passwd",
  "..\\..\\windows",
  "%00%2e%2e%2f",
  "\r\nX-Injected: 1",
  "\t\v\f\b",
  "$" + "{jndi:ldap://x}",
  "{{7*7}}",
  "__proto__",
  "constructor",
  "\\u0000",
  "\u00ff\u00fe",
  "ﷺ".repeat(20),
];

const enc = new TextEncoder();

function nested(depth: number, rng: Random): string {
  const open = rng.chance(0.5) ? "[" : '{"a":';
  const close = open === "[" ? "]" : "}";
  return `${open.repeat(depth)}1${close.repeat(depth)}`;
}

function jsonRequest(
  target: FuzzTarget,
  family: Family,
  text: string | Uint8Array,
  headers: Record<string, string> = {},
) {
  return {
    method: target.method,
    path: target.path,
    headers: { "content-type": "application/json", ...headers },
    body: text,
    family,
    deep: (DEEP as readonly string[]).includes(family),
  } satisfies FuzzRequest;
}

/** The base body with one field changed (or a random extra field when the route has none). */
function withField(target: FuzzTarget, rng: Random, value: (field: Field) => unknown): Record<string, unknown> {
  const body = { ...target.base };
  const field = target.fields.length
    ? rng.pick(target.fields)
    : { name: rng.pick(["id", "ticket_id", "x"]), types: new Set(["any"]), required: false, email: false };
  body[field.name] = value(field);
  return body;
}

function wrongFor(field: Field, rng: Random): unknown {
  for (let i = 0; i < 20; i++) {
    const value = rng.pick(WRONG_VALUES);
    const type = value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
    const accepted =
      field.types.has(type) ||
      (type === "number" && field.types.has("integer") && Number.isInteger(value)) ||
      field.types.has("any");
    if (!accepted) return value;
  }
  return { nested: [null] };
}

function oddString(field: Field, rng: Random): string {
  let value = rng.pick(ODD_STRINGS);
  if (rng.chance(0.3)) value = `valid ${value} text`;
  if (field.maxLength !== undefined && rng.chance(0.2)) value = value.repeat(Math.ceil(field.maxLength / value.length));
  if (field.maxLength !== undefined) value = value.slice(0, field.maxLength);
  // Escapes grow in JSON (a NUL is six bytes): stay under the 64 KB socket frame cap, which would
  // otherwise close the socket by design rather than test the handler.
  const encoded = JSON.stringify(value).length;
  if (encoded > ODD_STRING_MAX_JSON) value = value.slice(0, Math.floor((value.length * ODD_STRING_MAX_JSON) / encoded));
  return value;
}

const ODD_STRING_MAX_JSON = 48_000;

function formEncode(body: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) {
    if (Array.isArray(v)) for (const item of v) params.append(k, String(item));
    else params.append(k, typeof v === "object" && v !== null ? JSON.stringify(v) : String(v));
  }
  return params.toString();
}

interface Part {
  headers: string[];
  data: Uint8Array | string;
}

function fieldPart(name: string, value: string): Part {
  return { headers: [`Content-Disposition: form-data; name="${name}"`], data: value };
}

const PNG = Uint8Array.from(
  Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6a0d90000000049454e44ae426082",
    "hex",
  ),
);

function filePart(filename: string, data: Uint8Array | string = PNG, type = "image/png", name = "files"): Part {
  return {
    headers: [`Content-Disposition: form-data; name="${name}"; filename="${filename}"`, `Content-Type: ${type}`],
    data,
  };
}

function encodeMultipart(parts: Part[], boundary: string, { close = true, eol = "\r\n" } = {}): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    chunks.push(enc.encode(`--${boundary}${eol}${part.headers.join(eol)}${eol}${eol}`));
    chunks.push(typeof part.data === "string" ? enc.encode(part.data) : part.data);
    chunks.push(enc.encode(eol));
  }
  if (close) chunks.push(enc.encode(`--${boundary}--${eol}`));
  return Buffer.concat(chunks);
}

function baseParts(target: FuzzTarget): Part[] {
  return Object.entries(target.base).map(([k, v]) =>
    fieldPart(k, typeof v === "object" && v !== null ? JSON.stringify(v) : String(v)),
  );
}

function multipartRequest(
  target: FuzzTarget,
  family: Family,
  body: Uint8Array,
  contentType: string,
  variant?: string,
): FuzzRequest {
  return {
    method: target.method,
    path: target.path,
    headers: { "content-type": contentType },
    body,
    family,
    variant,
    deep: family === "odd-multipart",
  };
}

function brokenMultipart(target: FuzzTarget, rng: Random): FuzzRequest {
  const boundary = `----fuzz${rng.int(0, 1e9)}`;
  const parts = [...baseParts(target), filePart("pixel.png")];
  const good = encodeMultipart(parts, boundary);
  const ct = (b: string) => `multipart/form-data; boundary=${b}`;
  const variants: [string, () => [Uint8Array, string]][] = [
    ["no boundary", () => [good, "multipart/form-data"]],
    ["another boundary", () => [good, ct(`${boundary}x`)]],
    ["illegal boundary", () => [good, ct(rng.pick(["", '""', "a".repeat(300), "é ü", ";;"]))]],
    ["truncated", () => [good.subarray(0, rng.int(1, good.length - 1)), ct(boundary)]],
    [
      "part without disposition",
      () => [
        encodeMultipart([...parts, { headers: ["Content-Type: text/plain"], data: "orphan" }], boundary),
        ct(boundary),
      ],
    ],
    [
      "disposition without name",
      () => [
        encodeMultipart([{ headers: ["Content-Disposition: form-data"], data: "x" }, ...parts], boundary),
        ct(boundary),
      ],
    ],
    ["no closing boundary", () => [encodeMultipart(parts, boundary, { close: false }), ct(boundary)]],
    ["bare LF", () => [encodeMultipart(parts, boundary, { eol: "\n" }), ct(boundary)]],
    [
      "too many files",
      () => [
        encodeMultipart([...parts, ...Array.from({ length: 6 }, (_, i) => filePart(`p${i}.png`))], boundary),
        ct(boundary),
      ],
    ],
    [
      "oversized field",
      () => [
        encodeMultipart([fieldPart(target.fields[0]?.name ?? "message", "x".repeat(40_000)), ...parts], boundary),
        ct(boundary),
      ],
    ],
    [
      "refused file type",
      () => [
        encodeMultipart(
          [...baseParts(target), filePart("a.exe", "MZ\u0090\u0000binary", "application/x-msdownload")],
          boundary,
        ),
        ct(boundary),
      ],
    ],
    [
      "garbage",
      () => [
        Buffer.concat([enc.encode(`--${boundary}\r\n\u0000\u0001garbage`), Uint8Array.from([0xff, 0xfe, 0x00])]),
        ct(boundary),
      ],
    ],
  ];
  const [variant, build] = rng.pick(variants);
  const [body, contentType] = build();
  return multipartRequest(target, "broken-multipart", body, contentType, variant);
}

function oddMultipart(target: FuzzTarget, rng: Random): FuzzRequest {
  const boundary = `----fuzz${rng.int(0, 1e9)}`;
  const parts = baseParts(target);
  const filename = rng.pick([
    "a\u0000b.png",
    "../../../etc/passwd",
    "C:\\boot.ini",
    "x".repeat(1000),
    "",
    "😀.png",
    'quote".png',
    "%2e%2e%2f.png",
  ]);
  const extra = rng.pick<Part[]>([
    [filePart(filename)],
    [filePart("empty.png", new Uint8Array(0))],
    [fieldPart("__proto__", '{"polluted":1}'), fieldPart("constructor", "x")],
    [fieldPart(target.fields[0]?.name ?? "x", "second value")],
    [filePart("pixel.png", PNG, "application/octet-stream", "unexpected_field")],
  ]);
  return multipartRequest(
    target,
    "odd-multipart",
    encodeMultipart([...parts, ...extra], boundary),
    `multipart/form-data; boundary=${boundary}`,
  );
}

/** One malformed request for a route, from a family of that kind picked at random. */
export function generateRequest(target: FuzzTarget, rng: Random, kind: "shallow" | "deep" | "any"): FuzzRequest {
  const pool: Family[] = kind === "shallow" ? [...SHALLOW] : kind === "deep" ? [...DEEP] : [...SHALLOW, ...DEEP];
  const families = pool.filter((f) => {
    if (target.method === "GET") return f === "junk-url" || f === "odd-strings";
    if (f === "junk-url") return false;
    if (f === "broken-multipart" || f === "odd-multipart") return target.multipart || rng.chance(0.2);
    return true;
  });
  const family = rng.pick(families);
  const json = (body: unknown) => JSON.stringify(body);
  switch (family) {
    case "wrong-type":
      return jsonRequest(target, family, json(withField(target, rng, (f) => wrongFor(f, rng))));
    case "missing-field": {
      const body = { ...target.base };
      const required = target.fields.filter((f) => f.required);
      if (required.length) delete body[rng.pick(required).name];
      else return jsonRequest(target, family, json(rng.pick([null, [], "x"])));
      return jsonRequest(target, family, json(body));
    }
    case "too-long":
      return jsonRequest(
        target,
        family,
        json(withField(target, rng, (f) => "y".repeat((f.maxLength ?? 1000) + rng.pick([1, 10, 30_000])))),
      );
    case "out-of-range":
      return jsonRequest(
        target,
        family,
        json(withField(target, rng, () => rng.pick([0, -1, -2_147_483_649, 2_147_483_648, 1e21, 9e15, -0.5, 3.14]))),
      );
    case "array-for-scalar":
      return jsonRequest(target, family, json(withField(target, rng, (f) => [target.base[f.name] ?? 1, 2])));
    case "deep-nesting": {
      const depth = rng.pick([64, 1000, 10_000, 100_000]);
      const field = target.fields.length ? rng.pick(target.fields).name : "x";
      const body = { ...target.base };
      delete body[field];
      const rest = json(body).slice(1, -1);
      return jsonRequest(target, family, `{${rest}${rest ? "," : ""}"${field}":${nested(depth, rng)}}`);
    }
    case "body-shape":
      return jsonRequest(
        target,
        family,
        rng.pick(["", " ", "null", "[]", "[{}]", '"text"', "0", "true", "{}", "\u0000"]),
      );
    case "bad-json":
      return jsonRequest(
        target,
        family,
        rng.pick([
          json(target.base).slice(0, -1),
          "{'a': 1}",
          '{"a":1,}',
          '{"a":01}',
          '{"a":"\\x41"}',
          '{"a": NaN}',
          "{]",
          '{"a":"unterminated',
          `${json(target.base)}garbage`,
          "\ufeff{}",
        ]),
      );
    case "invalid-utf8": {
      const text = json(withField(target, rng, () => "MARK"));
      const [before, after] = text.split("MARK") as [string, string];
      const bad = rng.pick([
        [0xff],
        [0xc0, 0xaf],
        [0xed, 0xa0, 0x80],
        [0xf8, 0x88, 0x80, 0x80, 0x80],
        [0xe2, 0x28, 0xa1],
      ]);
      return jsonRequest(target, family, Buffer.concat([enc.encode(before), Uint8Array.from(bad), enc.encode(after)]));
    }
    case "wrong-content-type":
      return {
        ...jsonRequest(target, family, json(target.base)),
        headers: {
          "content-type": rng.pick([
            "text/plain",
            "application/xml",
            "application/octet-stream",
            "application/json; charset=utf-16",
            "application/x-www-form-urlencoded; charset=latin1",
            "image/png",
            "*/*",
            ";",
          ]),
        },
      };
    case "bad-form-encoding": {
      const valid = formEncode(target.base);
      return {
        ...jsonRequest(target, family, ""),
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: rng.pick([
          `${valid}&%ZZ=1`,
          `${valid}&${valid}`,
          "a[b][c][d]=1&a[__proto__][x]=1",
          "__proto__[polluted]=1&constructor[prototype][polluted]=1",
          `${valid}&%00=%00`,
          "=&&==&",
          `${valid}&x=${"%41".repeat(200_000)}`,
        ]),
      };
    }
    case "broken-multipart":
      return brokenMultipart(target, rng);
    case "huge-body":
      return jsonRequest(target, family, json({ ...target.base, pad: "z".repeat(1024 * 1024 + rng.int(1, 1000)) }));
    case "junk-url": {
      const junk = rng.pick([
        "?a=1&a=2",
        "?__proto__[x]=1",
        "?%ZZ",
        `?q=${"x".repeat(10_000)}`,
        "?ticket_id[]=1",
        "?%00",
        "/",
        "?#frag",
      ]);
      let path = target.path;
      if (target.param) {
        path =
          target.param.prefix +
          rng.pick([
            "..%2f..%2fetc%2fpasswd",
            "%00",
            "a".repeat(300),
            "AAAAAAAAAAAAAAAAAAAAAA.png",
            "%E0%A4%A",
            "..",
            ".incoming-x",
            "%2e%2e",
            "%ff%fe.png",
          ]);
      }
      const body = target.method === "GET" ? undefined : json(target.base);
      return { ...jsonRequest(target, family, body ?? ""), path: `${path}${rng.chance(0.5) ? junk : ""}`, body };
    }
    case "odd-strings": {
      if (target.method === "GET") {
        // Percent-encoded bytes: encodeURIComponent refuses lone surrogates.
        const value = [...Buffer.from(rng.pick(ODD_STRINGS))]
          .map((b) => `%${b.toString(16).padStart(2, "0")}`)
          .join("");
        const path = target.param ? `${target.param.prefix}${value}` : `${target.path}?q=${value}`;
        return { method: "GET", path, headers: {}, family, deep: true };
      }
      // Free text (long limits, no format) is where odd strings pass validation and reach the
      // database; ids and e-mails would only be refused.
      const strings = target.fields.filter((f) => f.types.has("string"));
      const text = strings.filter(
        (f) => (f.maxLength ?? 0) >= 80 && !f.types.has("number") && !f.types.has("object") && !f.email,
      );
      const pool = text.length && rng.chance(0.8) ? text : strings;
      const body = { ...target.base };
      for (const field of pool) if (rng.chance(0.5) || pool.length === 1) body[field.name] = oddString(field, rng);
      return jsonRequest(target, family, json(body));
    }
    case "prototype-keys": {
      const text = json(target.base).slice(1, -1);
      const extra = rng.pick([
        '"__proto__":{"isAdmin":true,"class":"dev","rank":"admin"}',
        '"constructor":{"prototype":{"polluted":true}}',
        '"__proto__":null',
        '"__proto__":[]',
        '"hasOwnProperty":1,"toString":"x","valueOf":{}',
      ]);
      return jsonRequest(target, family, `{${text}${text ? "," : ""}${extra}}`);
    }
    case "extra-fields": {
      const text = json(target.base).slice(1, -1);
      const field = target.fields[0]?.name ?? "x";
      const extra = rng.pick([
        '"user_class":"dev","sender_id":1,"rank":"admin","class":"dev"',
        '"user_id":1,"id":1,"type":"temp"',
        `"${field}":"duplicate key"`,
        '"":""',
        `"${"k".repeat(5000)}":1`,
      ]);
      return jsonRequest(target, family, `{${text}${text ? "," : ""}${extra}}`);
    }
    case "coercible": {
      const body = withField(target, rng, (f) => {
        const value = target.base[f.name];
        if (typeof value === "number")
          return rng.pick([` ${value} `, `${value}.0`, `+${value}`, `0${value}`, `${value}e0`]);
        if (typeof value === "string") return rng.pick([` ${value} `, value.toUpperCase(), `${value}\n`]);
        return rng.pick(["1", "true", "", "0"]);
      });
      return rng.chance(0.5)
        ? jsonRequest(target, family, json(body))
        : {
            ...jsonRequest(target, family, formEncode(body)),
            headers: { "content-type": "application/x-www-form-urlencoded" },
          };
    }
    case "odd-multipart":
      return oddMultipart(target, rng);
  }
}

/** A malformed socket payload for an event, from its schema and a valid payload. */
export function generatePayload(fields: Field[], base: Record<string, unknown>, rng: Random): unknown {
  const target: FuzzTarget = { method: "POST", path: "", fields, base, multipart: false };
  switch (rng.int(0, 9)) {
    case 0:
      return rng.pick([undefined, null, 0, -1, "", "x", true, [], [base], 1e308]);
    case 1:
      return withField(target, rng, (f) => wrongFor(f, rng));
    case 2:
      return withField(target, rng, (f) => "y".repeat(Math.min((f.maxLength ?? 100) + rng.pick([1, 50]), 20_000)));
    case 3:
      return withField(target, rng, () => rng.pick([0, -1, 2_147_483_648, 1e21, 0.5, Number.MAX_SAFE_INTEGER + 2]));
    case 4:
      return withField(target, rng, (f) => [base[f.name] ?? 1, 2]);
    case 5:
      return withField(target, rng, () => JSON.parse(nested(rng.pick([32, 500, 2000]), rng)));
    case 6:
      return JSON.parse(
        `{${JSON.stringify(base).slice(1, -1)}${Object.keys(base).length ? "," : ""}"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}`,
      );
    case 7: {
      const body = { ...base };
      for (const f of fields) if (f.types.has("string") && rng.chance(0.6)) body[f.name] = oddString(f, rng);
      return body;
    }
    case 8:
      return withField(target, rng, () => Buffer.from([0xff, 0x00, 0xfe]));
    default: {
      const body = { ...base };
      const required = fields.filter((f) => f.required);
      if (required.length) delete body[rng.pick(required).name];
      return body;
    }
  }
}
