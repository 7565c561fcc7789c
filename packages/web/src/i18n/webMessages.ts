/**
 * Texts only the web app shows. Core's locale tables hold the texts the spec quotes; these
 * complete them for screens of the shell. zh_CN is the fallback, as in core.
 */
export const webZh = {
  'page.login': '登录',
  'page.403': '无权访问',
  'page.404': '页面不存在',
  'desc.manageVisual': '页面、菜单与图表组件的可视化编辑器将在此处展示。',
  'desc.manageData': '项目数据（自定义选项、词表等）的维护将在此处展示。',
  'desc.manageSys': '项目的系统参数与账号配置将在此处展示。',
  'manage.admin': '平台管理',
  'manage.alerts': '预警规则',
  'manage.schedules': '定时报告',
  'page.alerts': '预警信息',
  'desc.kg': '输入文章内容后，产品、话题与关系标签将在此处展示。',
  'desc.search': '按关键词检索到的文章列表将在此处展示。',
  'login.wxUnavailable': '微信登录暂不可用，请使用账号密码登录',
  'projects.signIn': '请先登录',
  'projects.signInHint': '请通过项目地址打开登录页，登录后即可查看您可访问的项目。',
  'projects.role.admin': '管理员',
  'projects.role.viewer': '成员',
  'error.pageLoad': '页面加载失败',
  'error.startup': '项目加载失败',
  'action.reload': '重新加载',
  'import.demo': '演示数据导入中 {percent}%',
  'import.demoHint': '已导入 {committed} / {total} 条，图表随每批数据刷新',
} as const;

export type WebMessageKey = keyof typeof webZh;

export const webEn: Record<WebMessageKey, string> = {
  'page.login': 'Sign in',
  'page.403': 'Forbidden',
  'page.404': 'Not found',
  'desc.manageVisual': 'The visual editor of pages, menus and chart widgets appears here.',
  'desc.manageData': "The project's data (custom options, word lists and more) is maintained here.",
  'desc.manageSys': "The project's system settings and account configuration appear here.",
  'manage.admin': 'Administration',
  'manage.alerts': 'Alert rules',
  'manage.schedules': 'Schedules',
  'page.alerts': 'Alerts',
  'desc.kg': "Enter a post's content to see its products, topics and relation labels here.",
  'desc.search': 'Posts matching your keywords are listed here.',
  'login.wxUnavailable': 'WeChat sign-in is unavailable; please sign in with your password',
  'projects.signIn': 'Please sign in',
  'projects.signInHint':
    "Open the sign-in page from your project's address; once signed in you can see the projects you may access.",
  'projects.role.admin': 'Admin',
  'projects.role.viewer': 'Member',
  'error.pageLoad': 'The page failed to load',
  'error.startup': 'The project failed to load',
  'action.reload': 'Reload',
  'import.demo': 'Importing demo data {percent}%',
  'import.demoHint': '{committed} of {total} posts imported; charts refresh with each batch',
};
