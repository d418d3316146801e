// The terms a collective accepts when it applies, shown on the application page (/collectives/join).
// Versioned: an application records the version its applicant accepted, and the server refuses an
// application that accepted another version than the current one (the page was open while the
// terms changed). A change of wording is a new version; the old text stays in git history.

export interface TermsSection {
  heading: string;
  paragraphs: string[];
}

export interface Terms {
  /** The version an application records (a date, so the newest is obvious). */
  version: string;
  title: string;
  sections: TermsSection[];
}

/** Its own constant, so the server's bundles (which check the version) leave the text out. */
export const COLLECTIVE_TERMS_VERSION = '2026-12-01';

export const COLLECTIVE_TERMS: Terms = {
  version: COLLECTIVE_TERMS_VERSION,
  title: 'Drift terms for collectives',
  sections: [
    {
      heading: '1. Who may apply',
      paragraphs: [
        'A collective is an organisation that supports the student-athletes of one school through name, image and likeness (NIL) deals. Drift admits one collective per school.',
        'You apply on behalf of the organisation named in the application and confirm that you may bind it to these terms. A Drift operator reviews every application and may decline it with a reason.',
      ],
    },
    {
      heading: '2. What you tell us',
      paragraphs: [
        "The organisation's name, legal name, website, contact email and phone, and the school it supports, are accurate and kept up to date. A new school's name, logo and colours are ones the organisation may use.",
      ],
    },
    {
      heading: '3. Athletes and cards',
      paragraphs: [
        'You invite only athletes of your school who agree to sell official digital cards on Drift. No card goes on sale before its athlete approves the exact image, and you publish it.',
        "Athletes earn 97% of each card's sale; Drift keeps 3%. Drift keeps the ledger of every sale and refund, and you pay athletes what the ledger says they earned.",
      ],
    },
    {
      heading: '4. Compliance',
      paragraphs: [
        "You are the payor of record of the athletes' NIL compensation. You report deals as the rules of the athlete's school, conference and state require, and you collect each athlete's W-9 before paying.",
      ],
    },
    {
      heading: '5. Data',
      paragraphs: [
        'Drift shows you the sales, fans and donations of your athletes and never a buyer’s full email address. You use what you see on Drift only to run your collective.',
      ],
    },
    {
      heading: '6. Ending',
      paragraphs: ['Either side may end the relationship with 30 days’ notice. Money athletes earned before the end is paid as these terms say.'],
    },
  ],
};
