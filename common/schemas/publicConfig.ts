/** GET /api/config/public: what the web client needs before anyone signs in. */

/** Outside links: the game's site and account pages, and the community pages of the footer. */
export interface PublicLinks {
  gameSite: string;
  gameLogin: string;
  safeZone: string;
  changePassword: string;
  deleteAccount: string;
  discord: string;
  facebook: string;
  youtube: string;
}

export interface PublicConfig {
  captcha: "altcha" | "off";
  links: PublicLinks;
  version: string;
}
