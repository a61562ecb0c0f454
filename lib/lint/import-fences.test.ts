import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The lint rules that fence the folders, run as `npm run lint` runs them, on small files linted as
 * if they lived at the path given: each forbidden import is reported, and what is allowed is not.
 */
const root = path.resolve(__dirname, "..", "..");
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe("the import fences", () => {
  it("refuse a server module in a component", async () => {
    expect(await problems("components/queue/fixture.tsx", `import { db } from "@/lib/db/client";\nexport const x = db;\n`)).toEqual([
      "fences/no-server-import-in-browser-code: @/lib/db/client is server-only (lib/db/client.ts); browser code cannot import it.",
    ]);
  });

  it("refuse a server module reached through a module that looks browser-safe, naming the chain", async () => {
    expect(await problems("lib/queries/fixture.ts", `import { derived } from "@/lib/lint/fixtures/model-module";\nexport const x = derived;\n`)).toEqual([
      "fences/no-server-import-in-browser-code: @/lib/lint/fixtures/model-module is server-only (lib/lint/fixtures/model-module.ts → lib/lint/fixtures/server-module.ts); browser code cannot import it.",
    ]);
  });

  it("refuse a server module in any \"use client\" module, and the server-only marker itself", async () => {
    const code = `"use client";\nimport "server-only";\nimport { runReviewCommand } from "@/lib/review/server/review-actions";\nexport const x = runReviewCommand;\n`;
    expect(await problems("app/(dashboard)/fixture.tsx", code)).toHaveLength(2);
  });

  it("let browser code import a server module's types, and browser-safe modules", async () => {
    const code = `import type { Db } from "@/lib/db/open";\nimport { QUEUE_TABS } from "@/lib/review/model/queue-view";\nexport type X = Db;\nexport const y = QUEUE_TABS;\n`;
    expect(await problems("components/queue/fixture.tsx", code)).toEqual([]);
  });

  it("refuse server code in model code, by its folder and through a module that looks browser-safe", async () => {
    const code = `import { runReviewCommand } from "../server/review-actions";\nexport const x = runReviewCommand;\n`;
    expect(await problems("lib/review/model/fixture.ts", code)).toEqual([
      "fences/no-server-import-in-browser-code: ../server/review-actions is server-only (lib/review/server/review-actions.ts); browser code cannot import it.",
      "@typescript-eslint/no-restricted-imports: '../server/review-actions' import is restricted from being used by a pattern. Server-only (lib/<area>/server, lib/<area>/live, lib/env/server): browser code may import its types only.",
    ]);
    expect(await problems("lib/review/model/fixture.ts", `import { derived } from "@/lib/lint/fixtures/model-module";\nexport const x = derived;\n`)).toEqual([
      "fences/no-server-import-in-browser-code: @/lib/lint/fixtures/model-module is server-only (lib/lint/fixtures/model-module.ts → lib/lint/fixtures/server-module.ts); browser code cannot import it.",
    ]);
  });

  it("keep model code from live delivery, the database, the chat client, the environment and Node", async () => {
    for (const source of ["@/lib/review/live/queue-live", "@/lib/db/schema", "../../chat/client", "@/lib/env/server", "node:crypto"]) {
      const found = await problems("lib/review/model/fixture.ts", `import * as m from "${source}";\nexport const x = m;\n`);
      expect(found, source).toContainEqual(expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*(Server-only|Model code runs in the browser)/));
    }
  });

  it("let model code import model code, the chat contract's schemas and server types", async () => {
    const code = `import type { Db } from "@/lib/db/open";\nimport type { Tx } from "../server/review-store";\nimport { unreadableItemSchema } from "@/lib/chat/flagged-items";\nimport { REVIEW_STATES } from "./states";\nexport type X = Db | Tx;\nexport const y = [unreadableItemSchema, REVIEW_STATES];\n`;
    expect(await problems("lib/review/model/fixture.ts", code)).toEqual([]);
  });

  it("refuse server and live folders in browser code by path, but not their types", async () => {
    const cases: [string, string][] = [
      ["components/queue/fixture.tsx", "@/lib/review/live/queue-live"],
      ["lib/queries/fixture.ts", "../review/server/read-queue"],
    ];
    for (const [from, source] of cases) {
      const found = await problems(from, `import * as m from "${source}";\nexport const x = m;\n`);
      expect(found, `${from} importing ${source}`).toContainEqual(expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*Server-only/));
    }
    const types = `import type { QueuePageQuery } from "@/lib/review/server/read-queue";\nexport type X = QueuePageQuery;\n`;
    expect(await problems("lib/queries/fixture.ts", types)).toEqual([]);
  });

  it("let server code import server modules", async () => {
    expect(await problems("app/api/fixture/route.ts", `import { db } from "@/lib/db/client";\nexport const x = db;\n`)).toEqual([]);
  });

  it("keep lib from importing what is built on it: app, components, bench", async () => {
    const cases: [string, string][] = [
      ["lib/review/fixture.ts", "@/components/ui/app-link"],
      ["lib/review/fixture.ts", "../../app/layout"],
      ["lib/cli/fixture.ts", "@/bench/stops"],
      ["components/ui/fixture.tsx", "@/app/layout"],
    ];
    for (const [from, source] of cases) {
      const found = await problems(from, `import * as m from "${source}";\nexport const x = m;\n`);
      expect(found, `${from} importing ${source}`).toEqual([expect.stringMatching(/^no-restricted-imports: .*Not from here/)]);
    }
  });
});
