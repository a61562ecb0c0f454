/**
 * The seeded people. Hand-written so the demo reads like a real community; the varying details
 * (status, dates, tokens) come from the PRNG in seed.ts.
 */

export type UserSeed = {
  uid: string;
  name: string;
  role: "default" | "vip" | "moderator" | "restricted";
  locale: string;
  plan?: "free" | "pro" | "team";
  link?: string;
  tags?: string[];
  /** Replaces the generated metadata (hostile content). */
  metadata?: Record<string, unknown>;
};

export const USER_SEEDS: readonly UserSeed[] = [
  { uid: "ana-souza", name: "Ana Souza", role: "default", locale: "pt-BR", plan: "pro", link: "https://ana.example.com", tags: ["beta", "paid"] },
  { uid: "kenji-watanabe", name: "Kenji Watanabe", role: "vip", locale: "ja-JP", plan: "team", tags: ["paid"] },
  { uid: "priya-raman", name: "Priya Raman", role: "moderator", locale: "en-IN", plan: "team", tags: ["staff"] },
  { uid: "lars-eriksson", name: "Lars Eriksson", role: "moderator", locale: "sv-SE", tags: ["staff"] },
  { uid: "fatima-el-idrissi", name: "Fatima Zahra El Idrissi", role: "default", locale: "fr-MA", plan: "free" },
  { uid: "chinedu-okafor", name: "Chinedu Okafor", role: "default", locale: "en-NG", plan: "pro", link: "https://chinedu.dev" },
  { uid: "sofia-hernandez", name: "Sofía Hernández", role: "vip", locale: "es-MX", plan: "pro", tags: ["beta", "vip"] },
  { uid: "mateo-rossi", name: "Mateo Rossi", role: "default", locale: "it-IT" },
  { uid: "olga-kuznetsova", name: "Olga Kuznetsova", role: "default", locale: "ru-RU", plan: "free" },
  { uid: "nguyen-thi-mai", name: "Nguyễn Thị Mai", role: "default", locale: "vi-VN", plan: "pro", tags: ["beta"] },
  { uid: "kim-hana", name: "Kim Hana", role: "default", locale: "ko-KR" },
  { uid: "omar-haddad", name: "Omar Haddad", role: "moderator", locale: "ar-LB", tags: ["staff", "night-shift"] },
  { uid: "lea-dubois", name: "Léa Dubois", role: "default", locale: "fr-FR", plan: "free", link: "https://www.linkedin.com/in/lea-dubois-example" },
  { uid: "jonas-muller", name: "Jonas Müller", role: "default", locale: "de-DE", plan: "pro" },
  { uid: "aisha-bello", name: "Aisha Bello", role: "vip", locale: "en-NG", plan: "team", tags: ["paid", "early-adopter"] },
  { uid: "wei-zhang", name: "Wei Zhang", role: "default", locale: "zh-CN" },
  { uid: "zeynep-yilmaz", name: "Zeynep Yılmaz", role: "default", locale: "tr-TR", plan: "free" },
  { uid: "santiago-gomez", name: "Santiago Gómez", role: "default", locale: "es-AR" },
  { uid: "ingrid-johansen", name: "Ingrid Johansen", role: "default", locale: "nb-NO", plan: "pro" },
  { uid: "rahul-mehta", name: "Rahul Mehta", role: "default", locale: "hi-IN", tags: ["beta"] },
  { uid: "tomas-novak", name: "Tomáš Novák", role: "default", locale: "cs-CZ" },
  { uid: "amara-nwosu", name: "Amara Nwosu", role: "default", locale: "en-GB", plan: "free" },
  { uid: "yusuf-demir", name: "Yusuf Demir", role: "default", locale: "tr-TR" },
  { uid: "mia-schmidt", name: "Mia Schmidt", role: "default", locale: "de-AT", plan: "pro", link: "https://mia-schmidt.example.org" },
  { uid: "lucas-martin", name: "Lucas Martin", role: "default", locale: "fr-CA" },
  { uid: "isabella-costa", name: "Isabella Costa", role: "vip", locale: "pt-PT", plan: "team", tags: ["paid"] },
  { uid: "sakura-tanaka", name: "Sakura Tanaka", role: "default", locale: "ja-JP", plan: "free" },
  { uid: "noah-williams", name: "Noah Williams", role: "default", locale: "en-US" },
  { uid: "emma-johnson", name: "Emma Johnson", role: "default", locale: "en-US", plan: "pro", tags: ["beta", "paid"] },
  { uid: "arjun-nair", name: "Arjun Nair", role: "default", locale: "ml-IN" },
  { uid: "chloe-lefevre", name: "Chloé Lefèvre", role: "default", locale: "fr-BE", plan: "free" },
  { uid: "kwame-mensah", name: "Kwame Mensah", role: "default", locale: "en-GH", link: "https://kwame.example.net" },
  { uid: "lucia-fernandez", name: "Lucía Fernández", role: "default", locale: "es-ES", plan: "pro" },
  { uid: "ahmed-khan", name: "Ahmed Khan", role: "default", locale: "ur-PK" },
  { uid: "maya-cohen", name: "Maya Cohen", role: "vip", locale: "he-IL", plan: "team" },
  { uid: "erik-lindqvist", name: "Erik Lindqvist", role: "default", locale: "sv-FI" },
  { uid: "thandiwe-dlamini", name: "Thandiwe Dlamini", role: "default", locale: "en-ZA", plan: "free", tags: ["beta"] },
  { uid: "giulia-bianchi", name: "Giulia Bianchi", role: "default", locale: "it-IT", plan: "pro" },
  { uid: "pedro-alves", name: "Pedro Alves", role: "default", locale: "pt-BR" },
  { uid: "nadia-rahman", name: "Nadia Rahman", role: "default", locale: "bn-BD", plan: "free" },
  { uid: "chad-becker", name: "Chad Becker", role: "default", locale: "en-US", plan: "free", tags: ["warned"] },
  { uid: "lena-fischer", name: "Lena Fischer", role: "default", locale: "de-CH", tags: ["warned"] },
  { uid: "victor-crane", name: "Victor Crane", role: "restricted", locale: "en-AU", tags: ["warned", "muted"] },
  { uid: "dmitri-petrov", name: "Dmitri Petrov", role: "restricted", locale: "ru-RU", plan: "free", tags: ["warned"] },
  { uid: "promo-deals-24", name: "Best Deals 24/7", role: "restricted", locale: "en-US", link: "https://deals.example.biz/?ref=chat", tags: ["suspected-bot"] },
  {
    uid: "mallory",
    name: 'Mallory <img src=x onerror=alert(1)>',
    role: "restricted",
    locale: "en-US",
    link: "javascript:alert(1)",
    tags: ["watchlist", "<b>bold</b>"],
    metadata: {
      bio: "<script>alert('metadata')</script>",
      "@private": { email: "mallory@example.com" },
      homepage: "javascript:alert(document.cookie)",
    },
  },
  { uid: "user with space", name: "Sam Spacey", role: "default", locale: "en-GB", plan: "free" },
  { uid: "用户-42", name: "王芳", role: "default", locale: "zh-CN", plan: "pro", tags: ["beta"] },
];

/** Senders whose flagged messages pile up, and how many each has. */
export const REPEAT_OFFENDERS: readonly { uid: string; flagged: number }[] = [
  { uid: "chad-becker", flagged: 14 },
  { uid: "mallory", flagged: 10 },
  { uid: "victor-crane", flagged: 9 },
  { uid: "dmitri-petrov", flagged: 8 },
  { uid: "lena-fischer", flagged: 7 },
];

/**
 * One conversation with enough flagged messages that a low pin limit (the emulator's setting, 5 in
 * its tests) can be reached from the queue; its flags are the newest of the seed so it is always on the first page of the list.
 */
export const BUSY_CONVERSATION = { sender: "chad-becker", receiver: "emma-johnson", flagged: 8 } as const;
