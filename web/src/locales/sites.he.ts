import type { sitesEn } from './sites.en';

/** Hebrew strings of the Website sources screen (spread into he.ts). */
export const sitesHe: typeof sitesEn = {
  sites: {
    title: 'אתרים כמקור',
    subtitle: 'אתרים שהדפים שלהם מיובאים כמסמכים בפקודת הסנכרון של שורת הפקודה. כל הרצה נרשמת כאן.',
    columns: { site: 'אתר', pages: 'דפים', lastRun: 'הרצה אחרונה', found: 'נמצאו', new: 'חדשים', changed: 'השתנו', removed: 'הוסרו', failed: 'נכשלו' },
    never: 'לא הורץ',
    archived: '{{count}} בארכיון',
    stopped: 'ההרצה האחרונה נעצרה:',
    empty: 'עדיין לא סונכרן אף אתר',
    emptyHint: 'אפשר להוסיף אתר משורת הפקודה בשרת, עם המארחים שמותר לפנות אליהם:',
    schedule: 'תזמון',
    scheduleHint: 'אין במוצר מתזמן משלו: כדי שאתר יישאר מעודכן, יש להוסיף את השורה שלו למתזמן המשימות של השרת בעזרת',
    scheduleNote: 'כל שורה חוזרת על ההרצה האחרונה של האתר (עם אותן אפשרויות), בכל לילה בשעה 03:00.',
    syncNow: 'סנכרון עכשיו',
    started: 'הסנכרון התחיל: הדפים נקראים ברקע',
    running: 'בהרצה: {{done}} מתוך {{found}} דפים',
    runningStart: 'בהרצה: קוראים את האתר…',
  },
};
