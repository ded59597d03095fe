
    // Do not modify this file by hand!
    // Re-generate this file by running lit-localize

    
    import {str} from '@lit/localize';

    /* eslint-disable no-irregular-whitespace */
    /* eslint-disable @typescript-eslint/no-explicit-any */

    export const templates = {
      's079a052719914d71': `Categoría`,
's09205907b5b56cda': `No`,
's0a2b0b9a27a681c4': str`Mapa de ${0}`,
's16415419b0f09f7a': `Barras`,
's16b209768b95d71f': `Localizar`,
's283223d8bc0d148b': `Gráfico de líneas`,
's299243cf26be2844': `No se pudo mostrar esta parte de la respuesta.`,
's30051c2114d57d6d': `Mostrando gráfico de barras`,
's310a22f673acfc1e': str`Abrir fuente: ${0}`,
's337a1e9022a8d19f': `Tabla`,
's3a9da439c961a22c': str`Ordenar por ${0}`,
's3cf8a6b47fddf8e7': `Líneas`,
's5f40c8d75226c663': `Sin filas`,
's6ffb5fff7621660c': `Vista del gráfico`,
's702880469d70023a': `Sin cambios`,
's7a2236998b5fc4d1': `Tabla de datos`,
's888bfb7cebf4cc67': `Cargando gráfico…`,
's8b622aeff3b0603a': str`Sube ${0}`,
's8e72ee7311b1c7ce': `Abrir fuente`,
's904fefb3d01cb2ae': `vacío`,
'sa202fca5dd05733d': `(sin respuesta)`,
'sb3d4f79d9d8b71e5': `Enviar`,
'sb4ba935a97394633': str`Localizar ${0} en el mapa`,
'sbab8a0378ed583b1': `1 fuente`,
'sc14092f7ed60cfe8': `Mostrando tabla de datos`,
'sc6198b7bbf3a0dc2': `Gráfico de barras`,
'sc70ad8207db856a8': `Coordenadas`,
'sc8c57e9249cb01db': str`${0}: ${1}. ${2} categorías, ${3} series. La vista de tabla de datos muestra todos los valores.`,
'scb489a1a173ac3f0': `Sí`,
'sd1ace032539d7122': `Enviado`,
'se003e03d8dbb3096': `Mostrando gráfico de líneas`,
'seef0ce71f86fbe92': `Selecciona…`,
'sf7968c6c6b403cc3': str`Baja ${0}`,
'sfd66c6fcd9f5f9af': str`${0} fuentes`,
    };
  