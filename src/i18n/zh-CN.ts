// Every string a player reads (developers' guide). Grouped by area; keys name the meaning, not the place.

export const zhCN = {
  site: {
    defaultTitle: '星耀棋牌',
    loading: '正在加载…',
  },
  // spec §8: transport failures and fallbacks, in the words a player reads.
  apiErrors: {
    timeout: '请求超时',
    cancelled: '请求已取消，请稍后再试',
    connectionTimeout: '连接超时',
    networkDisconnected: '网络已断开',
    connectionTerminated: '连接已中断',
    unknownConnection: '未知的连接错误',
    networkAbnormal: '网络异常，请稍后重试',
    systemAbnormal: '系统异常，请稍后重试或联系客服',
    cacheReadFailed: '读取缓存失败',
    httpStatus: (status: number) => `网络错误（${status}）`,
  },
} as const;

export type Messages = typeof zhCN;
export const t = zhCN;
