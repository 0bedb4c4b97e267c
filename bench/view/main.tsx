console.log('view page pending');
