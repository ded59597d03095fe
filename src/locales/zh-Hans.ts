
    // Do not modify this file by hand!
    // Re-generate this file by running lit-localize

    
    import {str} from '@lit/localize';

    /* eslint-disable no-irregular-whitespace */
    /* eslint-disable @typescript-eslint/no-explicit-any */

    export const templates = {
      's079a052719914d71': `类别`,
's09205907b5b56cda': `否`,
's0a2b0b9a27a681c4': str`${0}的地图`,
's16415419b0f09f7a': `柱状图`,
's16b209768b95d71f': `定位`,
's283223d8bc0d148b': `折线图`,
's299243cf26be2844': `无法显示回答的这一部分。`,
's30051c2114d57d6d': `正在显示柱状图`,
's310a22f673acfc1e': str`打开来源：${0}`,
's337a1e9022a8d19f': `表格`,
's3a9da439c961a22c': str`按${0}排序`,
's3cf8a6b47fddf8e7': `折线图`,
's5f40c8d75226c663': `暂无数据`,
's6ffb5fff7621660c': `图表视图`,
's702880469d70023a': `无变化`,
's7a2236998b5fc4d1': `数据表`,
's888bfb7cebf4cc67': `正在加载图表…`,
's8b622aeff3b0603a': str`上升 ${0}`,
's8e72ee7311b1c7ce': `打开来源`,
's904fefb3d01cb2ae': `空`,
'sa202fca5dd05733d': `（未作答）`,
'sb3d4f79d9d8b71e5': `提交`,
'sb4ba935a97394633': str`在地图上定位${0}`,
'sbab8a0378ed583b1': `1 个来源`,
'sc14092f7ed60cfe8': `正在显示数据表`,
'sc6198b7bbf3a0dc2': `柱状图`,
'sc70ad8207db856a8': `坐标`,
'sc8c57e9249cb01db': str`${0}：${1}。${2} 个类别，${3} 个数据系列。数据表视图列出了所有数值。`,
'scb489a1a173ac3f0': `是`,
'sd1ace032539d7122': `已提交`,
'se003e03d8dbb3096': `正在显示折线图`,
'seef0ce71f86fbe92': `请选择…`,
'sf7968c6c6b403cc3': str`下降 ${0}`,
'sfd66c6fcd9f5f9af': str`${0} 个来源`,
    };
  