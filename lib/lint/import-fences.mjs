// ESLint rule keeping server code out of the browser: browser code (components/, lib/queries/,
// lib/review/model/ and any "use client" module) may not import a module marked
// `import "server-only"`, directly or through modules it imports. Next's build finds the same
// mistake only at build time, once per run; this names the chain in the editor and in `npm run lint`.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const SERVER_MARK = /^\s*import\s+["']server-only["']/m;
const USE_CLIENT = /^\s*["']use client["']/;
const BROWSER_FOLDERS = ["components", path.join("lib", "queries"), path.join("lib", "review", "model")].map((folder) => path.join(root, folder) + path.sep);
const EXTENSIONS = [".ts", ".tsx", `${path.sep}index.ts`, `${path.sep}index.tsx`, ""];
// Value imports and re-exports (type-only ones are erased) and dynamic imports.
const IMPORTS = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gm;

function resolveImport(fromFile, specifier) {
  let base;
  if (specifier.startsWith("@/")) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(fromFile), specifier);
  else return null;
  for (const extension of EXTENSIONS) {
    const file = base + extension;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

function importsOf(file, text) {
  return [...text.matchAll(IMPORTS)].map((match) => match[1] ?? match[2]).filter((specifier) => specifier !== undefined);
}

/** The import chain from `file` to a server-only module, or null. Cached per file for one lint run. */
function serverChain(file, cache, visiting = new Set()) {
  if (cache.has(file)) return cache.get(file);
  if (visiting.has(file)) return null;
  visiting.add(file);
  const text = readFileSync(file, "utf8");
  let chain = SERVER_MARK.test(text) ? [file] : null;
  for (const specifier of chain ? [] : importsOf(file, text)) {
    const target = resolveImport(file, specifier);
    const rest = target && serverChain(target, cache, visiting);
    if (rest) {
      chain = [file, ...rest];
      break;
    }
  }
  cache.set(file, chain);
  return chain;
}

const relative = (file) => path.relative(root, file);

const noServerImportInBrowserCode = {
  meta: {
    type: "problem",
    docs: { description: "Browser code may not import server-only modules, directly or indirectly." },
    schema: [],
    messages: {
      serverOnly: "{{source}} is server-only ({{chain}}); browser code cannot import it.",
    },
  },
  create(context) {
    const file = context.filename;
    const text = context.sourceCode.text;
    const browser = BROWSER_FOLDERS.some((folder) => file.startsWith(folder)) || USE_CLIENT.test(text);
    if (!browser) return {};
    const cache = new Map();
    const check = (node, specifier) => {
      if (typeof specifier !== "string") return;
      if (specifier === "server-only") {
        context.report({ node, messageId: "serverOnly", data: { source: specifier, chain: "the marker itself" } });
        return;
      }
      const target = resolveImport(file, specifier);
      const chain = target && serverChain(target, cache);
      if (chain) context.report({ node, messageId: "serverOnly", data: { source: specifier, chain: chain.map(relative).join(" → ") } });
    };
    return {
      ImportDeclaration(node) {
        const typesOnly = node.importKind === "type" || (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === "type"));
        if (!typesOnly) check(node, node.source.value);
      },
      ExportNamedDeclaration(node) {
        if (node.source && node.exportKind !== "type") check(node, node.source.value);
      },
      ExportAllDeclaration(node) {
        if (node.exportKind !== "type") check(node, node.source.value);
      },
      ImportExpression(node) {
        if (node.source.type === "Literal") check(node, node.source.value);
      },
    };
  },
};

export const importFences = { rules: { "no-server-import-in-browser-code": noServerImportInBrowserCode } };
