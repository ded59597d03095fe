
    // Do not modify this file by hand!
    // Re-generate this file by running lit-localize

    
    import {str} from '@lit/localize';

    /* eslint-disable no-irregular-whitespace */
    /* eslint-disable @typescript-eslint/no-explicit-any */

    export const templates = {
      's079a052719914d71': `カテゴリ`,
's09205907b5b56cda': `いいえ`,
's0a2b0b9a27a681c4': str`${0}の地図`,
's16415419b0f09f7a': `棒`,
's16b209768b95d71f': `地図で表示`,
's283223d8bc0d148b': `折れ線グラフ`,
's299243cf26be2844': `回答のこの部分を表示できませんでした。`,
's30051c2114d57d6d': `棒グラフを表示中`,
's310a22f673acfc1e': str`出典を開く：${0}`,
's337a1e9022a8d19f': `表`,
's3a9da439c961a22c': str`${0}で並べ替え`,
's3cf8a6b47fddf8e7': `折れ線`,
's5f40c8d75226c663': `データがありません`,
's6ffb5fff7621660c': `グラフの表示形式`,
's702880469d70023a': `変化なし`,
's7a2236998b5fc4d1': `データテーブル`,
's888bfb7cebf4cc67': `グラフを読み込み中…`,
's8b622aeff3b0603a': str`上昇 ${0}`,
's8e72ee7311b1c7ce': `出典を開く`,
's904fefb3d01cb2ae': `空欄`,
'sa202fca5dd05733d': `（未回答）`,
'sb3d4f79d9d8b71e5': `送信`,
'sb4ba935a97394633': str`${0}の位置を地図に表示`,
'sbab8a0378ed583b1': `出典 1 件`,
'sc14092f7ed60cfe8': `データテーブルを表示中`,
'sc6198b7bbf3a0dc2': `棒グラフ`,
'sc70ad8207db856a8': `座標`,
'sc8c57e9249cb01db': str`${0}：${1}。カテゴリ ${2} 件、系列 ${3} 件。すべての値はデータテーブル表示で確認できます。`,
'scb489a1a173ac3f0': `はい`,
'sd1ace032539d7122': `送信済み`,
'se003e03d8dbb3096': `折れ線グラフを表示中`,
'seef0ce71f86fbe92': `選択してください…`,
'sf7968c6c6b403cc3': str`下降 ${0}`,
'sfd66c6fcd9f5f9af': str`出典 ${0} 件`,
    };
  