// Texts shared by the login and sign-up steps (their outcome lines are FormMessages).
export const deliveredTo = (destination?: string) => (destination ? `We emailed a code to ${destination}.` : 'We emailed you a code.');
