
    // Do not modify this file by hand!
    // Re-generate this file by running lit-localize

    
    import {str} from '@lit/localize';

    /* eslint-disable no-irregular-whitespace */
    /* eslint-disable @typescript-eslint/no-explicit-any */

    export const templates = {
      's079a052719914d71': `Kategorie`,
's09205907b5b56cda': `Nein`,
's0a2b0b9a27a681c4': str`Karte von ${0}`,
's16415419b0f09f7a': `Balken`,
's16b209768b95d71f': `Auf Karte zeigen`,
's283223d8bc0d148b': `Liniendiagramm`,
's299243cf26be2844': `Dieser Teil der Antwort kann nicht angezeigt werden.`,
's30051c2114d57d6d': `Balkendiagramm wird angezeigt`,
's310a22f673acfc1e': str`Quelle öffnen: ${0}`,
's337a1e9022a8d19f': `Tabelle`,
's3a9da439c961a22c': str`Nach ${0} sortieren`,
's3cf8a6b47fddf8e7': `Linie`,
's5f40c8d75226c663': `Keine Zeilen`,
's6ffb5fff7621660c': `Diagrammansicht`,
's702880469d70023a': `Unverändert`,
's7a2236998b5fc4d1': `Datentabelle`,
's888bfb7cebf4cc67': `Diagramm wird geladen…`,
's8b622aeff3b0603a': str`Anstieg um ${0}`,
's8e72ee7311b1c7ce': `Quelle öffnen`,
's904fefb3d01cb2ae': `leer`,
'sa202fca5dd05733d': `(keine Antwort)`,
'sb3d4f79d9d8b71e5': `Senden`,
'sb4ba935a97394633': str`${0} auf der Karte anzeigen`,
'sbab8a0378ed583b1': `1 Quelle`,
'sc14092f7ed60cfe8': `Datentabelle wird angezeigt`,
'sc6198b7bbf3a0dc2': `Balkendiagramm`,
'sc70ad8207db856a8': `Koordinaten`,
'sc8c57e9249cb01db': str`${0}: ${1}. ${2} Kategorien, ${3} Datenreihen. Die Tabellenansicht listet alle Werte auf.`,
'scb489a1a173ac3f0': `Ja`,
'sd1ace032539d7122': `Gesendet`,
'se003e03d8dbb3096': `Liniendiagramm wird angezeigt`,
'seef0ce71f86fbe92': `Bitte wählen…`,
'sf7968c6c6b403cc3': str`Rückgang um ${0}`,
'sfd66c6fcd9f5f9af': str`${0} Quellen`,
    };
  