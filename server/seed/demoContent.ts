/**
 * Demo content: player and employee announcements (current, indefinite, expired, upcoming),
 * FAQs in Turkish and English, changelog entries, quick replies and a to-do.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

const HOUR = 3600;
const DAY = 86_400;

export interface DemoContentRefs {
  categories: Map<string, number>;
  /** Author of the to-do entry. */
  developerId: number;
}

export async function insertDemoContent(db: Kysely<Database>, refs: DemoContentRefs, now: number): Promise<void> {
  await db
    .insertInto("announcements")
    .values(
      [
        {
          title: "Planlı bakım",
          message: "Tüm sunucular Perşembe 06:00-08:00 arasında bakımda olacak.",
          eng_title: "Scheduled maintenance",
          eng_message: "All servers will be down for maintenance on Thursday from 06:00 to 08:00.",
          value: 1,
          start_date: now - 2 * HOUR,
          end_date: now + 5 * DAY,
        },
        {
          title: "Yeni sunucu: Asia",
          message: "Asia sunucusu açıldı! İlk hafta deneyim bonusu %50.",
          eng_title: "New server: Asia",
          eng_message: "The Asia server is open! +50% experience during the first week.",
          value: 2,
          start_date: now - 10 * DAY,
          end_date: null,
        },
        {
          title: "Yılbaşı etkinliği",
          message: "Yılbaşı etkinliği sona erdi. Katılan herkese teşekkürler!",
          eng_title: "New Year event",
          eng_message: "The New Year event has ended. Thanks to everyone who joined!",
          value: 3,
          start_date: now - 40 * DAY,
          end_date: now - 20 * DAY,
        },
        {
          title: "Yaz turnuvası",
          message: "Yaz PvP turnuvası kayıtları yakında başlıyor.",
          eng_title: "Summer tournament",
          eng_message: "Sign-ups for the summer PvP tournament open soon.",
          value: 4,
          start_date: now + 7 * DAY,
          end_date: now + 21 * DAY,
        },
      ].map((row) => ({ ...row, active: 1, created_at: now - 10 * DAY })),
    )
    .execute();

  await db
    .insertInto("employee_announcements")
    .values(
      [
        {
          title: "Payment tickets go to DevKerem",
          message: "Until the delivery queue fix is live, assign every payment ticket to DevKerem.",
          value: 1,
          start_date: now - DAY,
          end_date: now + 6 * DAY,
        },
        {
          title: "Be kind, be brief",
          message: "Greet the player, answer the question, and close with what happens next.",
          value: 2,
          start_date: now - 30 * DAY,
          end_date: null,
        },
        {
          title: "Holiday shifts",
          message: "The holiday shift plan has ended.",
          value: 3,
          start_date: now - 60 * DAY,
          end_date: now - 45 * DAY,
        },
        {
          title: "Patch 2.10 briefing",
          message: "Patch 2.10 briefing on Monday at 10:00 in the staff channel.",
          value: 4,
          start_date: now + 3 * DAY,
          end_date: now + 4 * DAY,
        },
      ].map((row) => ({ ...row, active: 1, created_at: now - 30 * DAY })),
    )
    .execute();

  await db
    .insertInto("faqs")
    .values(DEMO_FAQS.map((faq, index) => ({ ...faq, value: index + 1 })))
    .execute();

  await db
    .insertInto("changelogs")
    .values([
      {
        date: now - 14 * DAY,
        title: "Notifications",
        message: "Staff now get a notification when they are tagged in a note.",
        created_at: now - 14 * DAY,
      },
      {
        date: now - 2 * DAY,
        title: "Faster ticket search",
        message: "The ticket list answers much faster when filtering by status and employee.",
        created_at: now - 2 * DAY,
      },
    ])
    .execute();

  await insertQuickReply(db, refs, "Greeting", "Hello, thank you for contacting support. We are looking into it.", []);
  await insertQuickReply(
    db,
    refs,
    "Payment details needed",
    "Please send the order number, the payment method and the date of the purchase so we can find it.",
    ["Payment problems"],
  );
  await insertQuickReply(
    db,
    refs,
    "Report received",
    "Thank you for the report. We will review the logs; for privacy we cannot share the outcome.",
    ["Violating the rules of the chat", "Reporting suspected cheaters or bots", "Out-of-game trade"],
  );

  await db
    .insertInto("todos")
    .values([
      {
        user_id: refs.developerId,
        field: "support",
        content: "Re-run the delivery queue for orders of last night",
        done: 0,
        timestamp: now - HOUR,
      },
      {
        user_id: refs.developerId,
        field: "web",
        content: "Check attachment upload on Firefox",
        done: 1,
        timestamp: now - DAY,
      },
    ])
    .execute();
}

async function insertQuickReply(
  db: Kysely<Database>,
  refs: DemoContentRefs,
  title: string,
  message: string,
  categoryTitles: string[],
): Promise<void> {
  const reply = await db
    .insertInto("quick_replies")
    .values({ title, message })
    .returning("id")
    .executeTakeFirstOrThrow();
  const ids = categoryTitles.map((t) => refs.categories.get(t)).filter((id) => id !== undefined);
  if (ids.length === 0) return;
  await db
    .insertInto("quick_reply_categories")
    .values(ids.map((category_id) => ({ quick_reply_id: reply.id, category_id })))
    .execute();
}

const DEMO_FAQS = [
  {
    title: "Nasıl destek talebi oluştururum?",
    message:
      "Giriş yaptıktan sonra 'Destek talebi oluştur' düğmesine basın, kategori ve sunucuyu seçin ve sorununuzu anlatın.",
    eng_title: "How do I create a support ticket?",
    eng_message: "Sign in, press 'Create ticket', choose the category and server and describe your problem.",
  },
  {
    title: "Talebime ne zaman yanıt verilir?",
    message: "Talepler genellikle 24 saat içinde yanıtlanır. Yoğun dönemlerde bu süre uzayabilir.",
    eng_title: "When will my ticket be answered?",
    eng_message: "Tickets are usually answered within 24 hours. It may take longer at busy times.",
  },
  {
    title: "Karakterim olmadan talep açabilir miyim?",
    message: "Hayır. Destek talebi oluşturmak için oyunda en az bir karakteriniz olmalıdır.",
    eng_title: "Can I open a ticket without a character?",
    eng_message: "No. You need at least one character in the game to create a support ticket.",
  },
  {
    title: "Satın aldığım elmaslar gelmedi",
    message: "Ödeme sorunları kategorisinde sipariş numaranızla birlikte bir talep açın.",
    eng_title: "My purchased diamonds did not arrive",
    eng_message: "Open a ticket in the Payment problems category and include your order number.",
  },
  {
    title: "Şifremi nasıl değiştiririm?",
    message: "Şifrenizi hesap sayfasından değiştirebilirsiniz: https://example.com/account/password",
    eng_title: "How do I change my password?",
    eng_message: "You can change your password on the account page: https://example.com/account/password",
  },
  {
    title: "Hile yapan bir oyuncuyu nasıl bildiririm?",
    message: "'Hile veya bot şüphesi bildirimi' kategorisini seçin ve karakter adını girin.",
    eng_title: "How do I report a cheater?",
    eng_message: "Choose 'Reporting suspected cheaters or bots' and enter the character's name.",
  },
  {
    title: "Banım neden kaldırılmadı?",
    message: "Ban kaldırma talepleri incelenir; karar talebinize yazılır. Aynı konuda birden fazla talep açmayın.",
    eng_title: "Why was my ban not lifted?",
    eng_message:
      "Ban removal requests are reviewed and the decision is written in your ticket. Please do not open several tickets about it.",
  },
  {
    title: "Talebim neden kapatıldı?",
    message:
      "72 saat boyunca yanıt vermezseniz talebiniz otomatik olarak kapatılır. Gerekirse yeni bir talep açabilirsiniz.",
    eng_title: "Why was my ticket closed?",
    eng_message:
      "A ticket is closed automatically after 72 hours without an answer from you. You can open a new one if needed.",
  },
];
