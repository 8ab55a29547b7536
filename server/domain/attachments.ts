/** What a ticket's attachment list stores in place of a file removed by retention (spec/1-product-frame.md marks it so). */
export const DELETED_ATTACHMENT = "DELETED";
