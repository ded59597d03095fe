
    // Do not modify this file by hand!
    // Re-generate this file by running lit-localize

    
    import {str} from '@lit/localize';

    /* eslint-disable no-irregular-whitespace */
    /* eslint-disable @typescript-eslint/no-explicit-any */

    export const templates = {
      's079a052719914d71': `범주`,
's09205907b5b56cda': `아니요`,
's0a2b0b9a27a681c4': str`${0} 지도`,
's16415419b0f09f7a': `막대`,
's16b209768b95d71f': `위치 표시`,
's283223d8bc0d148b': `꺾은선 차트`,
's299243cf26be2844': `답변의 이 부분을 표시할 수 없습니다.`,
's30051c2114d57d6d': `막대 차트 표시 중`,
's310a22f673acfc1e': str`출처 열기: ${0}`,
's337a1e9022a8d19f': `표`,
's3a9da439c961a22c': str`${0} 기준 정렬`,
's3cf8a6b47fddf8e7': `꺾은선`,
's5f40c8d75226c663': `데이터 없음`,
's6ffb5fff7621660c': `차트 보기`,
's702880469d70023a': `변동 없음`,
's7a2236998b5fc4d1': `데이터 표`,
's888bfb7cebf4cc67': `차트 불러오는 중…`,
's8b622aeff3b0603a': str`${0} 상승`,
's8e72ee7311b1c7ce': `출처 열기`,
's904fefb3d01cb2ae': `비어 있음`,
'sa202fca5dd05733d': `(답변 없음)`,
'sb3d4f79d9d8b71e5': `제출`,
'sb4ba935a97394633': str`지도에서 ${0} 위치 표시`,
'sbab8a0378ed583b1': `출처 1개`,
'sc14092f7ed60cfe8': `데이터 표 표시 중`,
'sc6198b7bbf3a0dc2': `막대 차트`,
'sc70ad8207db856a8': `좌표`,
'sc8c57e9249cb01db': str`${0}: ${1}. 범주 ${2}개, 계열 ${3}개. 데이터 표 보기에서 모든 값을 확인할 수 있습니다.`,
'scb489a1a173ac3f0': `예`,
'sd1ace032539d7122': `제출됨`,
'se003e03d8dbb3096': `꺾은선 차트 표시 중`,
'seef0ce71f86fbe92': `선택하세요…`,
'sf7968c6c6b403cc3': str`${0} 하락`,
'sfd66c6fcd9f5f9af': str`출처 ${0}개`,
    };
  