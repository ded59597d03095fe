
    // Do not modify this file by hand!
    // Re-generate this file by running lit-localize

    
    import {str} from '@lit/localize';

    /* eslint-disable no-irregular-whitespace */
    /* eslint-disable @typescript-eslint/no-explicit-any */

    export const templates = {
      's079a052719914d71': `الفئة`,
's09205907b5b56cda': `لا`,
's0a2b0b9a27a681c4': str`خريطة ${0}`,
's16415419b0f09f7a': `شريطي`,
's16b209768b95d71f': `تحديد الموقع`,
's283223d8bc0d148b': `مخطط خطي`,
's299243cf26be2844': `تعذّر عرض هذا الجزء من الإجابة.`,
's30051c2114d57d6d': `يتم عرض المخطط الشريطي`,
's310a22f673acfc1e': str`فتح المصدر: ${0}`,
's337a1e9022a8d19f': `جدول`,
's3a9da439c961a22c': str`فرز حسب ${0}`,
's3cf8a6b47fddf8e7': `خطي`,
's5f40c8d75226c663': `لا توجد صفوف`,
's6ffb5fff7621660c': `طريقة عرض المخطط`,
's702880469d70023a': `بلا تغيير`,
's7a2236998b5fc4d1': `جدول البيانات`,
's888bfb7cebf4cc67': `جارٍ تحميل المخطط…`,
's8b622aeff3b0603a': str`ارتفاع ${0}`,
's8e72ee7311b1c7ce': `فتح المصدر`,
's904fefb3d01cb2ae': `فارغ`,
'sa202fca5dd05733d': `(بلا إجابة)`,
'sb3d4f79d9d8b71e5': `إرسال`,
'sb4ba935a97394633': str`تحديد موقع ${0} على الخريطة`,
'sbab8a0378ed583b1': `مصدر واحد`,
'sc14092f7ed60cfe8': `يتم عرض جدول البيانات`,
'sc6198b7bbf3a0dc2': `مخطط شريطي`,
'sc70ad8207db856a8': `الإحداثيات`,
'sc8c57e9249cb01db': str`${0}: ${1}. عدد الفئات: ${2}، عدد السلاسل: ${3}. يعرض جدول البيانات جميع القيم.`,
'scb489a1a173ac3f0': `نعم`,
'sd1ace032539d7122': `تم الإرسال`,
'se003e03d8dbb3096': `يتم عرض المخطط الخطي`,
'seef0ce71f86fbe92': `اختر…`,
'sf7968c6c6b403cc3': str`انخفاض ${0}`,
'sfd66c6fcd9f5f9af': str`المصادر: ${0}`,
    };
  