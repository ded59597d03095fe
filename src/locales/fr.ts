
    // Do not modify this file by hand!
    // Re-generate this file by running lit-localize

    
    import {str} from '@lit/localize';

    /* eslint-disable no-irregular-whitespace */
    /* eslint-disable @typescript-eslint/no-explicit-any */

    export const templates = {
      's079a052719914d71': `Catégorie`,
's09205907b5b56cda': `Non`,
's0a2b0b9a27a681c4': str`Carte de ${0}`,
's16415419b0f09f7a': `Barres`,
's16b209768b95d71f': `Localiser`,
's283223d8bc0d148b': `Graphique en courbes`,
's299243cf26be2844': `Impossible d’afficher cette partie de la réponse.`,
's30051c2114d57d6d': `Affichage du graphique à barres`,
's310a22f673acfc1e': str`Ouvrir la source : ${0}`,
's337a1e9022a8d19f': `Tableau`,
's3a9da439c961a22c': str`Trier par ${0}`,
's3cf8a6b47fddf8e7': `Courbes`,
's5f40c8d75226c663': `Aucune ligne`,
's6ffb5fff7621660c': `Type de graphique`,
's702880469d70023a': `Aucune variation`,
's7a2236998b5fc4d1': `Tableau de données`,
's888bfb7cebf4cc67': `Chargement du graphique…`,
's8b622aeff3b0603a': str`Hausse de ${0}`,
's8e72ee7311b1c7ce': `Ouvrir la source`,
's904fefb3d01cb2ae': `vide`,
'sa202fca5dd05733d': `(sans réponse)`,
'sb3d4f79d9d8b71e5': `Envoyer`,
'sb4ba935a97394633': str`Localiser ${0} sur la carte`,
'sbab8a0378ed583b1': `1 source`,
'sc14092f7ed60cfe8': `Affichage du tableau de données`,
'sc6198b7bbf3a0dc2': `Graphique à barres`,
'sc70ad8207db856a8': `Coordonnées`,
'sc8c57e9249cb01db': str`${0} : ${1}. ${2} catégories, ${3} séries. La vue Tableau présente toutes les valeurs.`,
'scb489a1a173ac3f0': `Oui`,
'sd1ace032539d7122': `Envoyé`,
'se003e03d8dbb3096': `Affichage du graphique en courbes`,
'seef0ce71f86fbe92': `Choisir…`,
'sf7968c6c6b403cc3': str`Baisse de ${0}`,
'sfd66c6fcd9f5f9af': str`${0} sources`,
    };
  