/**
 * The configuration a fresh help desk starts with: the spec's categories (spec/1-product-frame.md §3 'Known
 * titles' plus the violaters-form 'Out-of-game trade'), four priorities, a few game servers and
 * fast-action excuses. Staff may change all of it afterwards on the setup pages.
 */
import type { Language } from "../../common/constants.ts";
import type { FastAction } from "../db/schema.ts";

export interface BaseCategory {
  title: string;
  /**
   * The title in every other language, stored in locales (players read category
   * names in their own language; tr is the spec's native text, spec/1-product-frame.md §9).
   */
  locales: Record<Exclude<Language, "en">, string>;
  style: string;
  violatersForm?: boolean;
}

// Styles are Mantine colour names, which the web app renders as badge colours.
export const BASE_CATEGORIES: readonly BaseCategory[] = [
  {
    title: "Ban removal request",
    locales: {
      tr: "Ban kaldırma talebi",
      de: "Antrag auf Aufhebung einer Sperre",
      es: "Solicitud de retirada de baneo",
      fr: "Demande de levée de bannissement",
      it: "Richiesta di rimozione del ban",
      "pt-BR": "Pedido de remoção de banimento",
      pt: "Pedido de remoção de banimento",
      ru: "Запрос на снятие блокировки",
      ar: "طلب رفع الحظر",
      zh: "解封申请",
      ja: "BAN解除の申請",
    },
    style: "red",
  },
  {
    title: "Violating the rules of the chat",
    locales: {
      tr: "Sohbet kurallarının ihlali",
      de: "Verstoß gegen die Chatregeln",
      es: "Infracción de las normas del chat",
      fr: "Non-respect des règles du chat",
      it: "Violazione delle regole della chat",
      "pt-BR": "Violação das regras do chat",
      pt: "Violação das regras do chat",
      ru: "Нарушение правил чата",
      ar: "مخالفة قواعد الدردشة",
      zh: "违反聊天规则",
      ja: "チャットのルール違反",
    },
    style: "orange",
    violatersForm: true,
  },
  {
    title: "Reporting suspected cheaters or bots",
    locales: {
      tr: "Hile veya bot şüphesi bildirimi",
      de: "Verdacht auf Cheater oder Bots melden",
      es: "Denuncia de sospechas de trampas o bots",
      fr: "Signalement de tricheurs ou de bots présumés",
      it: "Segnalazione di sospetti cheater o bot",
      "pt-BR": "Denúncia de suspeita de trapaça ou bots",
      pt: "Denúncia de suspeitas de batota ou bots",
      ru: "Жалоба на подозрение в читерстве или ботах",
      ar: "الإبلاغ عن غشاشين أو برامج آلية مشتبه بها",
      zh: "举报疑似作弊者或机器人",
      ja: "チートやボットの疑いの報告",
    },
    style: "grape",
    violatersForm: true,
  },
  {
    title: "Out-of-game trade",
    locales: {
      tr: "Oyun dışı ticaret",
      de: "Handel außerhalb des Spiels",
      es: "Comercio fuera del juego",
      fr: "Commerce hors du jeu",
      it: "Commercio fuori dal gioco",
      "pt-BR": "Comércio fora do jogo",
      pt: "Comércio fora do jogo",
      ru: "Торговля вне игры",
      ar: "التجارة خارج اللعبة",
      zh: "游戏外交易",
      ja: "ゲーム外取引",
    },
    style: "pink",
    violatersForm: true,
  },
  {
    title: "Report bugs",
    locales: {
      tr: "Hata bildirimi",
      de: "Fehler melden",
      es: "Informar de errores",
      fr: "Signaler un bug",
      it: "Segnalare bug",
      "pt-BR": "Relatar bugs",
      pt: "Comunicar erros",
      ru: "Сообщить об ошибке",
      ar: "الإبلاغ عن الأخطاء",
      zh: "报告错误",
      ja: "不具合の報告",
    },
    style: "yellow",
  },
  {
    title: "Payment problems",
    locales: {
      tr: "Ödeme sorunları",
      de: "Zahlungsprobleme",
      es: "Problemas de pago",
      fr: "Problèmes de paiement",
      it: "Problemi di pagamento",
      "pt-BR": "Problemas de pagamento",
      pt: "Problemas de pagamento",
      ru: "Проблемы с оплатой",
      ar: "مشكلات الدفع",
      zh: "支付问题",
      ja: "支払いの問題",
    },
    style: "green",
  },
  {
    title: "Suggestion and complaint",
    locales: {
      tr: "Öneri ve şikâyet",
      de: "Vorschlag und Beschwerde",
      es: "Sugerencia y queja",
      fr: "Suggestion et réclamation",
      it: "Suggerimento e reclamo",
      "pt-BR": "Sugestão e reclamação",
      pt: "Sugestão e reclamação",
      ru: "Предложение и жалоба",
      ar: "اقتراح وشكوى",
      zh: "建议与投诉",
      ja: "提案と苦情",
    },
    style: "cyan",
  },
  {
    title: "Advertising and collaboration",
    locales: {
      tr: "Reklam ve iş birliği",
      de: "Werbung und Zusammenarbeit",
      es: "Publicidad y colaboración",
      fr: "Publicité et partenariat",
      it: "Pubblicità e collaborazione",
      "pt-BR": "Publicidade e parceria",
      pt: "Publicidade e parceria",
      ru: "Реклама и сотрудничество",
      ar: "الإعلان والتعاون",
      zh: "广告与合作",
      ja: "広告と提携",
    },
    style: "indigo",
  },
  {
    title: "Registration problems",
    locales: {
      tr: "Kayıt sorunları",
      de: "Probleme bei der Registrierung",
      es: "Problemas de registro",
      fr: "Problèmes d’inscription",
      it: "Problemi di registrazione",
      "pt-BR": "Problemas de cadastro",
      pt: "Problemas de registo",
      ru: "Проблемы с регистрацией",
      ar: "مشكلات التسجيل",
      zh: "注册问题",
      ja: "登録の問題",
    },
    style: "blue",
  },
  {
    title: "Support System Issues",
    locales: {
      tr: "Destek sistemi sorunları",
      de: "Probleme mit dem Support-System",
      es: "Problemas del sistema de soporte",
      fr: "Problèmes du système d’assistance",
      it: "Problemi del sistema di supporto",
      "pt-BR": "Problemas no sistema de suporte",
      pt: "Problemas no sistema de apoio",
      ru: "Проблемы системы поддержки",
      ar: "مشكلات نظام الدعم",
      zh: "支持系统问题",
      ja: "サポートシステムの問題",
    },
    style: "teal",
  },
  {
    title: "Category11",
    locales: {
      tr: "Kategori11",
      de: "Kategorie11",
      es: "Categoría11",
      fr: "Catégorie11",
      it: "Categoria11",
      "pt-BR": "Categoria11",
      pt: "Categoria11",
      ru: "Категория11",
      ar: "الفئة 11",
      zh: "类别11",
      ja: "カテゴリー11",
    },
    style: "gray",
  },
  {
    title: "Other",
    locales: {
      tr: "Diğer",
      de: "Sonstiges",
      es: "Otros",
      fr: "Autre",
      it: "Altro",
      "pt-BR": "Outros",
      pt: "Outros",
      ru: "Другое",
      ar: "أخرى",
      zh: "其他",
      ja: "その他",
    },
    style: "dark",
  },
];

export const BASE_PRIORITIES = [
  { title: "Low", style: "gray", isDefault: false },
  { title: "Normal", style: "blue", isDefault: true },
  { title: "High", style: "orange", isDefault: false },
  { title: "Urgent", style: "red", isDefault: false },
] as const;

export const BASE_SERVERS = [
  { title: "Europe 1", style: "blue" },
  { title: "Europe 2", style: "indigo" },
  { title: "America", style: "green" },
  { title: "Asia", style: "orange" },
] as const;

export const BASE_EXCUSES: Record<FastAction, readonly string[]> = {
  RESOLVED: [
    "The issue has been fixed on our side.",
    "The requested information was given to the player.",
    "The player confirmed in game that the problem is gone.",
  ],
  CLOSED: [
    "No answer from the player for 72 hours.",
    "Duplicate of another ticket.",
    "Not a support matter; please use the in-game channels.",
    "Not enough information to look into it.",
  ],
};
