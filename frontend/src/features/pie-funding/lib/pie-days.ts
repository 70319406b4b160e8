/** A fan's pie runs 30 days (SPEC §7: pieDays 30 for fans; staff accounts may choose 1 to 30 on the server). */
export const fanPieDays = 30;
